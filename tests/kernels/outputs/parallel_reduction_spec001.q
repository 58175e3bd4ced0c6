% Spec 001 "Parallel reduction patterns": the generated reduction kernel (grid-stride sums, shared bins, tree reduction with while loops and syncthreads, output total).
% adapted: `$` names renamed; `$accum0=0` written 0.0 (an int accumulator would truncate); a 20x24 synthetic image instead of 512x512.
function total : scalar = __kernel__ opt__for_test1_kernel(im : mat, datadims : ivec2, blkpos : ivec2, blkdim : ivec2)
    bins = shared(blkdim[0], blkdim[1], 1)
    accum0 = 0.0
    m = blkpos[0]
    while (m < datadims[0])
        n = blkpos[1]
        while (n < datadims[1])
            accum0 += im[m, n]
            n += blkdim[1]
        end
        m += blkdim[0]
    end
    bins[blkpos[0], blkpos[1], 0] = accum0
    syncthreads
    bit = 1
    while (bit < blkdim[0])
        if (mod(blkpos[0], (2 * bit)) == 0)
            bins[blkpos[0], blkpos[1], 0] = (bins[blkpos[0], blkpos[1], 0] +
                bins[(blkpos[0] + bit), blkpos[1], 0])
        endif
        syncthreads
        bit *= 2
    end
    bit = 1
    while (bit < blkdim[1])
        if (mod(blkpos[1], (2 * bit)) == 0)
            bins[blkpos[0], blkpos[1], 0] = (bins[blkpos[0], blkpos[1], 0] +
                bins[blkpos[0], (blkpos[1] + bit), 0])
        endif
        syncthreads
        bit *= 2
    end
    if (sum(blkpos) == 0)
        total += bins[0, 0, 0]
    endif
end
im = zeros(20, 24)
for i = 0..19
    for j = 0..23
        im[i, j] = mod(i * 24 + j, 7)
    end
end
blksz = max_block_size(opt__for_test1_kernel, min([16, 32], [512, 512]))
total = parallel_do([blksz, blksz], im, [20, 24], opt__for_test1_kernel)
print total
print parallel_do([[4, 6], [4, 6]], im, [20, 24], opt__for_test1_kernel)
% expect: 1434
% expect: 1434
