% run: dump
% pins: a shared-memory declaration with a modifier-only type inside a kernel, and a texture modifier chain
function [] = __kernel__ k(A : mat, x : mat'hwtex_linear'clamped, a : scalar, b : scalar, pos : ivec2)
    B : 'shared = transpose(a*A[0..9, 0..9]+b) % fetch
    syncthreads
endfunction
% expect: function __kernel__ k () (A:mat x:mat'hwtex_linear'clamped a:scalar b:scalar pos:ivec2)
% expect:   (= (: B 'shared) (call transpose (+ (* a (index A (.. 0 9) (.. 0 9))) b)))
% expect:   (syncthreads)
