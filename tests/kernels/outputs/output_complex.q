% A kernel with a cscalar output sums complex values.
function z : cscalar = __kernel__ csum(x : cvec, pos : int)
    z += x[pos] * x[pos]
endfunction
x = [1 + 1j, 2 - 1j, -3j]
print parallel_do(numel(x), x, csum)
% expect: -6-2j
