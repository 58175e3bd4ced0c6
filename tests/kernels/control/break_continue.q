% break and continue in kernel loops: skip odd numbers, stop at the first multiple of the thread's divisor.
function [] = __kernel__ k(y : vec, pos : int)
    d = pos + 3
    s = 0
    for i = 1..100
        if mod(i, 2) == 1
            continue
        endif
        s += i
        if mod(i, d) == 0
            break
        endif
    endfor
    y[pos] = s
endfunction
y = zeros(4)
parallel_do(4, y, k)
print y
% expect: [12,6,30,12]
