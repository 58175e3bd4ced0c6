% spec: 002 "Shared memory and thread synchronization" (CUDA support guide, 2015 edition)
% repaired: typographic quotes in the parameter types (`y:cube 'unchecked'`, `fc:vec 'unchecked' hw_const`) restored to modifiers `y:cube'unchecked`, `fc:vec'unchecked'hw_const`; parameter `n:` / `int` split by page layout joined
% run: parse
% note: old-style end keywords: `end` for `for`/`function`, `endif` for `if` (as 004 describes
% for older versions; not a mix). Differs from 000 also by the plain `syncthreads`.
function y = gaussian_filter(x, fc, n)
    function [] = __kernel__ kernel(x:cube, y:cube'unchecked, fc:vec'unchecked'hw_const, n:int, pos:ivec3, blkpos:ivec3, blkdim:ivec3)
        [M,N,P] = blkdim+[numel(fc),0,0]
        assert(M*N*P<=1024) % put an upper bound on the amount of shared memory
        vals = shared(M,N,P) % allocate shared memory

        sum = 0.
        for i=0..numel(fc)-1 % step 1 - horizontal filter
            sum += x[pos[0]-n, pos[1]+i-n, blkpos[2]] * fc[i]
        end
        vals[blkpos] = sum % store the result

        if blkpos[0]<numel(fc) % filter two extra rows (needed for vertical filtering)
            sum = 0.
            for i=0..numel(fc)-1
                sum += x[pos[0]+blkdim[0]-n, pos[1]+i-n, blkpos[2]] * fc[i]
            end
            vals[blkpos+[blkdim[0],0,0]] = sum
        endif

        syncthreads % thread synchronization

        sum = 0.
        for i=0..numel(fc)-1 % step 2 - vertical filter
            sum += vals[blkpos[0]+i, blkpos[1], blkpos[2]] * fc[i]
        end
        y[pos] = sum
    end
    y = uninit(size(x))
    parallel_do(size(y), x, y, fc, n, kernel)
end
