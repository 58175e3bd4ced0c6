% Writes into a mat[uint8'sat] from a kernel saturate to 0..255 (spec 004 integer modifiers).
function [] = __kernel__ k(a : mat[uint8], b : mat[uint8], y : mat[uint8'sat], pos : ivec2)
    y[pos] = a[pos] + b[pos] - 100
endfunction
a = mat[uint8](2, 2)
b = mat[uint8](2, 2)
a[:, :] = [[200, 10], [255, 150]]
b[:, :] = [[200, 20], [1, 50]]
y = mat[uint8'sat](2, 2)
parallel_do(size(y), a, b, y, k)
print y
% expect: [[255,0],[156,100]]
