% return inside a kernel ends that thread only; the other threads continue.
function [] = __kernel__ k(y : vec, pos : int)
    y[pos] = 1
    if mod(pos, 3) == 0
        return
    endif
    y[pos] = 2
endfunction
y = zeros(7)
parallel_do(7, y, k)
print y
% expect: [1,2,2,1,2,2,1]
