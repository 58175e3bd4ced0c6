% Arrays of every element type and rank round-trip with their type and shape.
f = "/tmp/qpipe-test-dataio-arrays.dat"
a = [[1.5, 2], [3, 4]]
b = int8([-128, 127])
c = uint8([0, 255])
d = int16([-5])
e = uint16([65535])
g = int32([[1, 2, 3]])
h = uint32([4294967040])
i = int64([-8589934592])
j = uint64([5])
k = complex([[1, 2], [3, 4]], [[5, 6], [7, 8]])
l = reshape(0..23, [2, 3, 4])
m = reshape(1..32, [2, 2, 2, 2, 2])
n = []
save(f, a, b, c, d, e, g, h, i, j, k, l, m, n)
[a2, b2, c2, d2, e2, g2, h2, i2, j2, k2, l2, m2, n2] = load(f)
for x = {a2, b2, c2, d2, e2, g2, h2, i2, j2, k2}
    print type(x), " ", size(x), " ", x
endfor
print type(l2), " ", size(l2), " ", l2[1, 2, 3], " ", sum(l2)
print type(m2), " ", size(m2), " ", m2[1, 1, 1, 1, 1], " ", m2[0, 1, 0, 1, 0]
print type(n2), " ", numel(n2)
% expect: mat [2,2] [[1.5,2],[3,4]]
% expect: vec[int8] [2] [-128,127]
% expect: vec[uint8] [2] [0,255]
% expect: vec[int16] [1] [-5]
% expect: vec[uint16] [1] [65535]
% expect: mat[int] [1,3] [[1,2,3]]
% expect: vec[uint32] [1] [4294967040]
% expect: vec[int64] [1] [-8589934592]
% expect: vec[uint64] [1] [5]
% expect: cmat [2,2] [[1+5j,2+6j],[3+7j,4+8j]]
% expect: cube [2,3,4] 23 276
% expect: cube{5} [2,2,2,2,2] 32 11
% expect: vec 0
% Loaded arrays are new data: writing one leaves the saved file's other copies alone.
a2[0, 0] = 9
[a3] = load(f)
print a3[0, 0]
% expect: 1.5
