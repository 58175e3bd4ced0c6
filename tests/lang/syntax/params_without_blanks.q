% run: dump
% pins: parameters written without blanks: x:vec'const,y:vec'nocopy
function [] = __kernel__ copy_kernel(x:vec'const,y:vec'nocopy,pos:int)
    y[pos] = x[pos]
endfunction
% expect: function __kernel__ copy_kernel () (x:vec'const y:vec'nocopy pos:int)
% expect:   (= (index y pos) (index x pos))
