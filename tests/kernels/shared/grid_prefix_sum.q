% syncthreads(grid) in a while loop: an inclusive prefix sum over 40 values in 5 blocks (Hillis-Steele), each round reading across blocks; the local v is kept across the barrier.
function [] = __kernel__ scan(x : vec, y : vec, pos : int)
    y[pos] = x[pos]
    syncthreads(grid)
    d = 1
    while d < numel(x)
        v = y[pos]
        if pos >= d
            v = v + y[pos - d]
        endif
        syncthreads(grid)
        y[pos] = v
        syncthreads(grid)
        d = d * 2
    endwhile
endfunction
x = zeros(40)
for i = 0..39
    x[i] = mod(i * 7, 5) + 1
endfor
y = zeros(40)
parallel_do([[40], [8]], x, y, scan)
print y
% expect: [1,4,9,11,15,16,19,24,26,30,31,34,39,41,45,46,49,54,56,60,61,64,69,71,75,76,79,84,86,90,91,94,99,101,105,106,109,114,116,120]
