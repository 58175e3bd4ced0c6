% Spec 000 "Block position, block dimensions, block index": traverse(pos, blkpos, blkdim, blkidx) and pos = blkidx .* blkdim + blkpos.
% adapted: the body "..." checks the identity for every thread and counts mismatches; explicit blocks [2,3] over [4,6].
function [] = __kernel__ traverse(bad : vec, pos, blkpos, blkdim, blkidx)
    q = blkidx .* blkdim + blkpos
    bad[0] += (q[0] != pos[0]) + (q[1] != pos[1])
    bad[1] += 1
endfunction
bad = zeros(2)
parallel_do([[4, 6], [2, 3]], bad, traverse)
parallel_do([9, 10], bad, traverse)
print bad
% expect: [0,114]
