% An explicit 1-D block size [[12], [3]]: blkdim 3 and blkcnt 4 in every thread, positions 0..11 each once.
function [] = __kernel__ k(y : vec, info : mat, pos : int, blkdim : int, blkcnt : int)
    y[pos] += 1
    info[pos, 0] = blkdim
    info[pos, 1] = blkcnt
endfunction
y = zeros(12)
info = zeros(12, 2)
parallel_do([[12], [3]], y, info, k)
print y
print min(info[:, 0]), " ", max(info[:, 0]), " ", min(info[:, 1]), " ", max(info[:, 1])
% expect: [1,1,1,1,1,1,1,1,1,1,1,1]
% expect: 3 3 4 4
