% parallel_do with a number as dims runs the kernel once per position 0..N-1, pos an int.
function [] = __kernel__ square(y : vec, pos : int)
    y[pos] = pos * pos + 1
endfunction
y = zeros(6)
parallel_do(6, y, square)
print y
% expect: [1,2,5,10,17,26]
