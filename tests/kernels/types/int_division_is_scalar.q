% In a kernel '/' of two ints gives a scalar (7/2 is 3.5), as on the host; int() truncates toward zero.
function [] = __kernel__ k(y : mat, pos : int)
    a = pos - 3
    y[pos, 0] = a / 2
    y[pos, 1] = int(a / 2)
    y[pos, 2] = floor(a / 2)
endfunction
y = zeros(7, 3)
parallel_do(7, y, k)
print y
% expect: [[-1.5,-1,-2],[-1,-1,-1],[-0.5,0,-1],[0,0,0],[0.5,0,0],[1,1,1],[1.5,1,1]]
