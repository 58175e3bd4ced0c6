% Atomic .^= on a vector region: [2, 3] .^ [2, 1] applied by three threads gives [256, 3].
function [] = __kernel__ k(a : vec, pos : int)
    a[0..1] .^= [2, 1]
endfunction
a = [2, 3]
parallel_do(3, a, k)
print a
% expect: [256,3]
