% Device functions of several outputs in compiled kernels: an early return, vector outputs,
% `_` and fewer targets than outputs, one such function calling another, and a kernel with a
% barrier (lockstep) calling one.
function [lo, hi] = __device__ order(a, b)
    lo = a
    hi = b
    if a <= b
        return
    endif
    lo = b
    hi = a
endfunction
function [s, d, n] = __device__ sum_diff(u : vec2, v : vec2)
    [a, b] = order(u[0], v[0])
    s = u + v
    d = [b - a, abs(u[1] - v[1])]
    n = 2
endfunction
function [] = __kernel__ k(y : mat, pos : int)
    [lo, hi] = order(pos * 3 - 4, 5 - pos)
    [s, d] = sum_diff([pos, 1], [2, pos])
    [_, _, n] = sum_diff([0, 0], [1, 1])
    [m] = order(7, pos)
    y[pos, 0..7] = [lo, hi, s[0], s[1], d[0], d[1], n, m]
endfunction
y = zeros(4, 8)
parallel_do(4, y, k)
print y
% expect: [[-4,5,2,1,2,1,2,0],[-1,4,3,2,1,0,2,1],[2,3,4,3,0,1,2,2],[2,5,5,4,1,2,2,3]]
function [] = __kernel__ kb(y : vec, blkpos : int, pos : int)
    s = shared(4)
    [lo, hi] = order(pos, 3 - pos)
    s[blkpos] = hi - lo
    syncthreads
    y[pos] = s[3 - blkpos]
endfunction
v = zeros(4)
parallel_do([[4], [4]], v, kb)
print v
% expect: [3,1,1,3]
