% Spec 000 "Shared memory and thread synchronization": gaussian_filter with a shared tile (horizontal pass into shared(M,N,P), extra rows, syncthreads(block), vertical pass).
% adapted: code block rejoined; `fc:vec'unchecked,hw_const` is fc:vec'unchecked'hwconst; launched with explicit blocks [4,4,2] because the kernel
% needs blkdim[0] >= numel(fc) - 1 and a block spanning the channels (it reads channel blkpos[2]); an 8x8x2 synthetic image; results printed times 16.
function y = gaussian_filter(x, fc, n)
    function [] = __kernel__ kernel(x:cube,y:cube'unchecked,fc:vec'unchecked'hwconst,n:int,pos:ivec3,
        blkpos:ivec3,blkdim:ivec3)
        [M,N,P] = blkdim+[numel(fc),0,0]
        assert(M*N*P<=1024) % put an upper bound on the amount of shared memory
        vals = shared(M,N,P) % allocate shared memory

        sum = 0.
        for i=0..numel(fc)-1 % step 1 - horizontal filter
            sum += x[pos[0]-n,pos[1]+i-n,blkpos[2]] * fc[i]
        endfor
        vals[blkpos] = sum % store the result

        if blkpos[0]<numel(fc) % filter two extra rows (needed for vertical filtering)
            sum = 0.
            for i=0..numel(fc)-1
                sum += x[pos[0]+blkdim[0]-n,pos[1]+i-n,blkpos[2]] * fc[i]
            endfor
            vals[blkpos+[blkdim[0],0,0]] = sum
        endif

        syncthreads(block) % thread synchronization for the current block

        sum = 0.
        for i=0..numel(fc)-1 % step 2 - vertical filter
            sum += vals[blkpos[0]+i,blkpos[1],blkpos[2]] * fc[i]
        endfor
        y[pos] = sum
    endfunction
    y = uninit(size(x))
    parallel_do ([size(y), [4, 4, 2]], x, y, fc, n, kernel)
endfunction

x = zeros(8, 8, 2)
for i = 0..7
    for j = 0..7
        for c = 0..1
            x[i, j, c] = mod((i * 8 + j) * 3 + c * 5, 11)
        endfor
    endfor
endfor
y = gaussian_filter(x, [0.25, 0.5, 0.25], 1)
print y[:, :, 0] * 16
print y[:, :, 1] * 16
% expect: [[15,44,69,61,42,56,81,65],[36,80,95,66,59,85,89,55],[60,101,94,65,80,95,66,35],[73,89,71,75,101,94,65,48],[75,66,59,85,89,71,75,72],[66,65,80,95,66,59,85,74],[46,75,101,94,65,80,95,54],[30,64,78,59,51,76,79,36]]
% expect: [[60,71,41,44,69,61,42,33],[85,94,65,80,95,66,59,60],[65,71,75,101,94,65,80,84],[34,59,85,89,71,75,101,86],[36,80,95,66,59,85,89,55],[60,101,94,65,80,95,66,35],[73,89,71,75,101,94,65,48],[53,47,39,64,78,59,51,48]]
