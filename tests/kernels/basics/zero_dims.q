% A launch over zero positions runs no thread: the array is left untouched.
function [] = __kernel__ fill(y : vec, pos : int)
    y[pos] = 5
endfunction
y = [1, 2, 3]
parallel_do(0, y, fill)
print y
parallel_do([0], y, fill)
print y
% expect: [1,2,3]
% expect: [1,2,3]
