% 1-D launches with runtime-chosen blocks: blkdim divides N and blkcnt * blkdim = N for prime and composite N.
function [] = __kernel__ k(bad : vec, n : int, pos : int, blkdim : int, blkcnt : int)
    if mod(n, blkdim) != 0 || blkcnt * blkdim != n || blkdim < 1
        bad[0] += 1
    endif
endfunction
bad = zeros(1)
for n = [1, 2, 97, 256, 1000, 1021]
    parallel_do(n, bad, int(n), k)
endfor
print bad
% expect: [0]
