% A kernel with an int output counting the positive elements of a matrix.
function n : int = __kernel__ count_pos(x : mat, pos : ivec2)
    if x[pos] > 0
        n += 1
    endif
endfunction
x = [[1, -2, 3], [0, 5, -6], [7, 8, 0.5]]
c = parallel_do(size(x), x, count_pos)
print c, " ", type(c)
% expect: 6 int
