% shared memory in a kernel with syncthreads(grid): each block has its own array (not compiled: the interpreter runs it on both engines); after the grid barrier a thread reads its block's array reversed.
function [] = __kernel__ k(x : vec, y : vec, pos : int, blkpos : int, blkdim : int)
    s = shared(blkdim)
    s[blkpos] = x[pos]
    syncthreads(grid)
    y[pos] = s[blkdim - 1 - blkpos]
endfunction
x = 0..7
y = zeros(8)
parallel_do([[8], [4]], x, y, k)
print y
% expect: [3,2,1,0,7,6,5,4]
