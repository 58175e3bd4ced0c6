% Histogram with atomics (spec 000 §2.5/§2.7: atomic += for aggregation, histograms in shared memory): a global-memory
% version and a shared-memory version (per-block shared_zeros bins, syncthreads, then one atomic add per bin and block).
% adapted: no histogram code is printed in the spec; an 6x8 synthetic image of values k/8.
function [] = __kernel__ hist_global(x : mat, h : vec, nbins : int, pos : ivec2)
    h[int(x[pos] * nbins)] += 1
endfunction
function [] = __kernel__ hist_shared(x : mat, h : vec, nbins : int, pos : ivec2, blkpos : ivec2, blkdim : ivec2)
    bins = shared_zeros(nbins)
    syncthreads
    bins[int(x[pos] * nbins)] += 1
    syncthreads
    t = blkpos[0] * blkdim[1] + blkpos[1]
    if t < nbins
        h[t] += bins[t]
    endif
endfunction
x = zeros(6, 8)
for i = 0..5
    for j = 0..7
        x[i, j] = mod(i * i + j * j + i * j, 8) / 8
    endfor
endfor
h1 = zeros(8)
parallel_do(size(x), x, h1, 8, hist_global)
h2 = zeros(8)
parallel_do([[6, 8], [3, 4]], x, h2, 8, hist_shared)
print h1
print h2
% expect: [4,10,0,8,8,10,0,8]
% expect: [4,10,0,8,8,10,0,8]
