% blkpos alone (no pos): with explicit blocks of 3, every block writes its positions 0..2 into a shared counter.
function [] = __kernel__ k(cnt : vec, blkpos : int)
    cnt[blkpos] += 1
endfunction
cnt = zeros(3)
parallel_do([[12], [3]], cnt, k)
print cnt
% expect: [4,4,4]
