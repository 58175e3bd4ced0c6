% 'unchecked outside the dimensions: the flat row-major offset (m[0, 2] of a 2x2 matrix is
% m[1, 0]); outside the whole buffer, where spec 001 leaves the result undefined, a read
% gives 0 and a write is dropped: no error, no stray access.
m : mat'unchecked = [[1, 2], [3, 4]]
print m[0, 2], " ", m[1, 2], " ", m[-1, 1]
% expect: 3 0 0
a : vec'unchecked = [1, 2, 3]
print a[-1], " ", a[3]
% expect: 0 0
a[5] = 9
a[-2] = 9
m[0, 3] = 7
print a, " ", m
% expect: [1,2,3] [[1,2],[3,7]]
