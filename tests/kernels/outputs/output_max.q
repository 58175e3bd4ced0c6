% A kernel output combined with the atomic maximum ^^= (values positive, so the initial 0 does not matter).
function m : scalar = __kernel__ maxval(x : mat, pos : ivec2)
    m ^^= x[pos]
endfunction
x = [[3, 9.5, 2], [7, 1, 9.25]]
print parallel_do(size(x), x, maxval)
% expect: 9.5
