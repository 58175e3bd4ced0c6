% run: dump
% pins: code attributes with key=value settings separated by ';' print as space-separated items with expression values
function [] = __kernel__ k(y : vec, pos : int)
    {!kernel name="kernel"; target="gpu"}
    y[pos] = 0
endfunction
{!kernel_tiling dims=[1,1,4]; mode="local"; target="gpu"}
{!sched gpu_index=mod(k,2)}
{!unroll times=2; multi_device=true}
{!tuning_param name="$param_memcoalescing"; default=true}
% expect: function __kernel__ k () (y:vec pos:int)
% expect:   {!kernel name="kernel" target="gpu"}
% expect:   (= (index y pos) 0)
% expect: {!kernel_tiling dims=[1 1 4] mode="local" target="gpu"}
% expect: {!sched gpu_index=(call mod k 2)}
% expect: {!unroll times=2 multi_device=true}
% expect: {!tuning_param name="$param_memcoalescing" default=true}
