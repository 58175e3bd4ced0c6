% A labelled break out of two nested loops inside a kernel: first pair (i, j) with i * j >= the thread's target.
function [] = __kernel__ k(t : vec, y : mat, pos : int)
    fi = -1
    fj = -1
    outer:
    for i = 1..9
        for j = 1..9
            if i * j >= t[pos]
                fi = i
                fj = j
                break outer
            endif
        endfor
    endfor
    y[pos, :] = [fi, fj]
endfunction
t = [1, 10, 50, 100]
y = zeros(4, 2)
parallel_do(4, t, y, k)
print y
% expect: [[1,1],[2,5],[6,9],[-1,-1]]
