% 'safe (default) on a 4-D array in a kernel: neighbours outside any of the four dimensions read 0.
function [] = __kernel__ k(x : cube{4}, y : cube{4}, pos : ivec4)
    y[pos] = x[pos + [0, 0, 0, 1]] + x[pos - [1, 0, 0, 0]]
endfunction
x = ones(2, 1, 1, 3)
y = zeros(size(x))
parallel_do(size(x), x, y, k)
print y
% expect: [[[[1,1,0]]],[[[2,2,1]]]]
