% '__device__' in a type starts a function type, which needs '->'.
% run: parse
% expect error: line 4: expected '->' in a function type, found ']'
function y = apply(f : [__device__ scalar], x)
    y = f(x)
endfunction
