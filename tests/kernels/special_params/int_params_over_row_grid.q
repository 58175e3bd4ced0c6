% A kernel whose position parameters are all declared int runs over the one dimension of
% its grid that is longer than 1: parallel_do([1, 4]) gives pos 0..3, and blkpos : int over
% [[1, 4], [1, 4]] counts the block's threads 0..3 with blkdim 4, as programs that launch
% max_block_size(k, [1, W]) for a row of threads mean (the first component is always 0).
function [] = __kernel__ k(a : vec, pos : int)
    a[pos] = pos + 1
endfunction
a = zeros(4)
parallel_do([1, 4], a, k)
print a
% expect: [1,2,3,4]
function [] = __kernel__ k2(b : vec, blkpos : int, blkdim : int)
    b[blkpos] = blkpos * 10 + blkdim
endfunction
b = zeros(4)
parallel_do([[1, 4], [1, 4]], b, k2)
print b
% expect: [4,14,24,34]
c = zeros(3)
parallel_do([3, 1], c, k)
print c
% expect: [1,2,3]
