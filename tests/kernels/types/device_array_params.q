% Arrays passed to device functions are references (pointer and dims): writes reach the
% caller's array, reads keep the caller's access mode ('clamped here), a shared array can be
% passed in a kernel with a barrier, and a parameter declaring its own mode stays in the
% interpreter with the same results.
function [] = __device__ put(a, i : int, v)
    a[i] = v
endfunction
function y = __device__ smooth(x, i : int, j : int)
    y = (x[i, j - 1] + x[i, j] + x[i, j + 1]) / 3
endfunction
function y = __device__ safe_left(x : mat'safe, i : int, j : int)
    y = x[i, j - 1]
endfunction
function [] = __kernel__ k(x : mat'clamped, y : mat, log : vec, pos : ivec2)
    y[pos] = smooth(x, pos[0], pos[1])
    if pos[1] == 0
        put(log, pos[0], numel(x))
    endif
endfunction
function [] = __kernel__ k2(x : mat'clamped, y : mat, pos : ivec2)
    y[pos] = safe_left(x, pos[0], pos[1])
endfunction
x = [[3, 6, 9], [0, 30, 60]]
y = zeros(2, 3)
log = zeros(2)
parallel_do(size(x), x, y, log, k)
print y, log
% expect: [[4,6,8],[10,30,50]][6,6]
parallel_do(size(x), x, y, k2)
print y
% expect: [[0,3,6],[0,0,30]]
function [] = __kernel__ kb(y : vec, blkpos : int, pos : int)
    s = shared(4)
    put(s, blkpos, pos * pos)
    syncthreads
    y[pos] = s[3 - blkpos]
endfunction
v = zeros(8)
parallel_do([[8], [4]], v, kb)
print v
% expect: [9,4,1,0,49,36,25,16]
