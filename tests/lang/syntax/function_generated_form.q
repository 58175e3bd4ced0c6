% run: dump
% pins: the compiler's printed form: function [] __kernel__ name(...)=static
function [] __kernel__ kernel(x:cube'const'mirror,mask:mat'const'unchecked'hwconst,pos:ivec3)=static
    y = x[pos]
endfunction
% expect: function __kernel__ kernel () (x:cube'const'mirror mask:mat'const'unchecked'hwconst pos:ivec3)
% expect:   (= y (index x pos))
