% An explicit block that does not divide the dims (10 by 4): the runtime pads, yet only positions 0..9 run (spec 000).
function [] = __kernel__ k(y : vec, cnt : vec, pos : int, blkcnt : int)
    y[pos] += 1
    cnt[0] += 1
    cnt[1] = blkcnt
endfunction
y = zeros(12)
cnt = zeros(2)
parallel_do([[10], [4]], y, cnt, k)
print y, " ", cnt
% expect: [1,1,1,1,1,1,1,1,1,1,0,0] [10,3]
