% spec: 000 "Multi-GPU" (CUDA support guide)
% repaired: the prose word "or" between the two alternatives written as a comment
% run: parse
{!sched gpu_index=0}
% or
{!sched gpu_index=1}
