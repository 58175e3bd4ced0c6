% Stores into 'sat integer arrays saturate to the element type's range: an int is clamped,
% a real clamped and truncated toward zero, NaN stored as 0 (as the host does). Element,
% slice and channel stores; int8, uint16, int32; and a compound += on a 'sat array.
function [] = __kernel__ k(v : vec, a : vec[int8'sat], b : vec[uint16'sat], c : vec[int32'sat], pos : int)
    a[pos] = v[pos]
    b[pos] = v[pos] * 1000
    c[pos] = v[pos] * 1e9
endfunction
v = [3.7, -3.7, 200, -200, 0 / 0, 127.9, 65.5]
a = vec[int8'sat](7)
b = vec[uint16'sat](7)
c = vec[int32'sat](7)
parallel_do(7, v, a, b, c, k)
print a
print b
print c
% expect: [3,-3,127,-128,0,127,65]
% expect: [3700,0,65535,0,0,65535,65500]
% expect: [2147483647,-2147483648,2147483647,-2147483648,0,2147483647,2147483647]
function [] = __kernel__ pix(x : cube, y : cube[uint8'sat], pos : ivec2)
    y[pos[0], pos[1], 0..2] = x[pos[0], pos[1], 0..2] * 3 - 100
endfunction
x = zeros(2, 3, 3)
x[:] = 0..17
x = x * 10
y = cube[uint8'sat](2, 3, 3)
parallel_do([2, 3], x, y, pix)
print y[0, :, :]
print y[1, 2, :]
% expect: [[0,0,0],[0,20,50],[80,110,140]]
% expect: [255,255,255]
function [] = __kernel__ acc(h : vec[uint8'sat], pos : int)
    h[0] += 100
endfunction
h = vec[uint8'sat](1)
parallel_do(5, h, acc)
print h
% expect: [255]
