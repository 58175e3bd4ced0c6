% Dynamic kernel memory (spec 001) compiled: zeros(n) and ones(m, n) of sizes known only at
% run time, made again in a loop, filled by a device function and read afterwards, and a
% kernel that returns early (its arrays are still freed: the suite runs under LeakSanitizer).
function [] = __device__ fill(a, v)
    for i = 0..numel(a) - 1
        a[i] = v + i
    endfor
endfunction
function [] = __kernel__ k(y : mat, n : int, pos : int)
    if pos == 3
        r = zeros(n)
        y[pos, 0] = -1
        return
    endif
    t = 0.0
    for m = 1..pos + 1
        r = zeros(m * n)
        fill(r, m)
        t += r[m * n - 1] + numel(r)
    endfor
    w = ones(2, pos + 1)
    y[pos, 0] = t
    y[pos, 1] = sum_all(w) + w[1, pos] + w[2, 0]
endfunction
function s = __device__ sum_all(a)
    s = 0.0
    for i = 0..numel(a) - 1
        s += a[i]
    endfor
endfunction
y = zeros(4, 2)
parallel_do(4, y, 3, k)
print y
% expect: [[6,3],[19,5],[39,7],[-1,0]]
