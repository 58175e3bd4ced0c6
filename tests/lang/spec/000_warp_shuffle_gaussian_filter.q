% spec: 000 "Warp shuffling operations" (CUDA support guide)
% repaired: parameter split by page layout `fc : vec'` / `hwconst'unchecked` joined to `fc : vec'hwconst'unchecked`; code block split in two by the extraction rejoined and re-indented
% run: exec
% added: main, which runs the example through the explicit instantiation gaussian_filter[2]
% (on the CPU a warp is one thread, so only the filter's sum is checked)
function y = gaussian_filter_warpsuffle(x, fc, n)
    function [] = __kernel__ gaussian_filter[N:int](x : cube, y : cube'unchecked, z : cube, fc : vec'hwconst'unchecked, n : int, coalesced_threads : thread_block, pos : vec3)
        {!kernel target="nvidia_cuda"}
        thread_idx = coalesced_threads.thread_idx
        x_warp = zeros(N)
        for i=0..N-1
            {!unroll}
            x_warp[i] = x[pos + [0, i * coalesced_threads.size, 0]]
        endfor
        syncthreads(warp)
        total = 0.0
        for i=0..n-1
            [k,l] = ind2pos([2, coalesced_threads.size], thread_idx+i)
            val = coalesced_threads.shfl(x_warp, l)
            total += val[k] * fc[i]
        endfor
        z[pos] = total % Intermediate result

        syncthreads(grid)
        % Shuffle pos
        blkpos = mod(pos, [32,32,1])
        pos2 = pos - blkpos + [blkpos[1], blkpos[0], 0]

        for i=0..N-1
            {!unroll}
            x_warp[i] = z[pos2 + [i * coalesced_threads.size, 0, 0]]
        endfor
        syncthreads(warp)
        total = 0.0
        for i=0..n-1
            [k,l] = ind2pos([2, coalesced_threads.size], thread_idx+i)
            val = coalesced_threads.shfl(x_warp, l)
            total += val[k] * fc[i]
        endfor
        y[pos2] = total
    endfunction
    y = uninit(size(x))
    z = uninit(size(y))
    parallel_do([size(y,0..2),[32,32,1]], x, y, z, fc, n, gaussian_filter[2])
endfunction

function [] = main()
    x = zeros(64, 64, 1)
    x[10, 20, 0] = 1
    y = gaussian_filter_warpsuffle(x, [0.25, 0.5, 0.25], 3)
    print size(y), " ", sum(y)
endfunction
% expect: [64,64,1] 1
