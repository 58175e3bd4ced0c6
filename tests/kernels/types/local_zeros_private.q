% Local zeros(N) with constant N inside a kernel is private to each thread (no sharing between threads).
function [] = __kernel__ k(y : mat, pos : int)
    t = zeros(4)
    for i = 0..pos
        t[i] = t[i] + pos + 1
    endfor
    y[pos, :] = t
endfunction
y = ones(4, 4) * -1
parallel_do(4, y, k)
print y
% expect: [[1,0,0,0],[2,2,0,0],[3,3,3,0],[4,4,4,4]]
