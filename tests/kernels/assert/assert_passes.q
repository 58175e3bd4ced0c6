% An assert that holds for every thread does nothing: the kernel's results are complete.
function [] = __kernel__ k(x : vec, y : vec, pos : int)
    assert(x[pos] >= 0)
    y[pos] = sqrt(x[pos])
endfunction
x = [0, 1, 4, 9]
y = zeros(4)
parallel_do(4, x, y, k)
print y
% expect: [0,1,2,3]
