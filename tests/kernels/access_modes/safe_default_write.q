% Inside a kernel, writes outside a default ('safe) array are ignored, with no error.
function [] = __kernel__ shift(y : vec, pos : int)
    y[pos + 3] = pos + 1
    y[pos - 5] = 99
endfunction
y = zeros(5)
parallel_do(5, y, shift)
print y
% expect: [0,0,0,1,2]
