% size(A, 0..1) gives the first two dimensions, also into two outputs.
[r, c] = size(zeros(2,3), 0..1)
print r, " ", c
print size(zeros(2,3,4), 0..1)
% expect: 2 3
% expect: [2,3]
