% A vector of N and a 1 x N matrix combine elementwise (a vector is a 1 x N row), with the
% matrix's shape; so do a 1 x M x N cube and an M x N matrix. Research code subtracts a
% row range from a repmat of a row: repmat(C[h-1, 0..w-1], [r, 1]) - C[a..b, 0..w-1].
a = [1, 2, 3]
b = [[10, 20, 30]]
print a + b, " ", b - a, " ", size(a .* b), " ", max(a, b)
% expect: [[11,22,33]] [[9,18,27]] [1,3] [[10,20,30]]
c = zeros(1, 2, 3) + reshape(0..5, 2, 3)
print size(c), " ", c[0, 1, 2]
% expect: [1,2,3] 5
C = reshape(0..11, 3, 4)
print repmat(C[2, 0..3], [1, 1]) - C[1..1, 0..3]
% expect: [[4,4,4,4]]
