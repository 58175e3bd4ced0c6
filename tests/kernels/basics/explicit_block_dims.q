% [dims; blockdims] as a two-row matrix: the kernel still visits exactly the positions of dims.
function [] = __kernel__ k(y : mat, pos : ivec2)
    y[pos] = y[pos] + pos[0] * 8 + pos[1] + 1
endfunction
y = zeros(4, 8)
parallel_do([[4, 8], [2, 4]], y, k)
print y
% expect: [[1,2,3,4,5,6,7,8],[9,10,11,12,13,14,15,16],[17,18,19,20,21,22,23,24],[25,26,27,28,29,30,31,32]]
