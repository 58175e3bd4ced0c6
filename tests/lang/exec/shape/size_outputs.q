% [a, b, c] = size(A) assigns each dimension.
[dim_y, dim_x, dim_z] = size(zeros(2,3,4))
print dim_y, " ", dim_x, " ", dim_z
% expect: 2 3 4
