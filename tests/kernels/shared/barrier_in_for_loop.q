% Barriers inside a for loop: three rounds of a 3-tap sum in shared memory ('safe: outside the block reads 0).
function [] = __kernel__ smooth(x : vec, y : vec, pos : int, blkpos : int, blkdim : int)
    s = shared(blkdim)
    s[blkpos] = x[pos]
    syncthreads
    for it = 1..3
        t = s[blkpos - 1] + s[blkpos] + s[blkpos + 1]
        syncthreads
        s[blkpos] = t
        syncthreads
    endfor
    y[pos] = s[blkpos]
endfunction
x = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0]
y = zeros(10)
parallel_do([[10], [5]], x, y, smooth)
print y
% expect: [3,6,7,6,3,5,7,6,3,1]
