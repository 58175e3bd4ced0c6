% run: dump
% pins: memfence(scope) is a call of the builtin with the scope keyword as a string
function [] = __kernel__ k(y : vec, pos : int)
    y[pos] = 1
    memfence(grid)
    memfence(block)
    memfence(system)
endfunction
% expect: function __kernel__ k () (y:vec pos:int)
% expect:   (= (index y pos) 1)
% expect:   (call memfence "grid")
% expect:   (call memfence "block")
% expect:   (call memfence "system")
