% The grid is the dims given, not the array's size: only the top-left 2x3 part is written.
function [] = __kernel__ fill(y : mat, v : scalar, pos : ivec2)
    y[pos] = v
endfunction
y = zeros(3, 4)
parallel_do([2, 3], y, 7, fill)
print y
% expect: [[7,7,7,0],[7,7,7,0],[0,0,0,0]]
