% Creation functions drop leading singleton dimensions: zeros(1,5) is a vec of 5.
print size(zeros(1,5))
print ndims(zeros(1,5))
print size(zeros([1,1,4]))
print size(zeros(3,1))
print ndims(zeros(3,1))
% expect: [5]
% expect: 1
% expect: [4]
% expect: [3,1]
% expect: 2

% Only a vector hides its leading singletons: zeros(1,5,6) is a 1x5x6 cube, indexed as
% real programs do (a padded 2-D image built as zeros(1, M, N) and read at [0, m, n]).
c = zeros(1, 5, 6)
c[0, 2, 3] = 7
print size(c), " ", ndims(c), " ", c[0, 2, 3], " ", sum(c)
% expect: [1,5,6] 3 7 7
print size(ones([1, 2, 3])), " ", size(zeros(1, 1, 1, 4))
% expect: [1,2,3] [4]

% A 1 x M x N cube assigned where a mat is declared loses its leading singleton (sharing
% the data), as research code returns reshape(x, [1, M, N])-built planes as `: mat`.
function [y : mat] = plane_of(x : cube)
    y = x
    y[1, 2] = 50
end
p = plane_of(reshape(0..5, [1, 2, 3]))
print size(p), " ", p[1, 1], " ", p[1, 2]
% expect: [2,3] 4 50

% Two indices on a 1 x M x N array address its plane (the leading 1 is skipped, as a
% vector's is): research code writes plane[m, n] into arrays built as zeros(1, M, N).
d = zeros(1, 3, 4)
d[2, 3] = 5
d[0, 1, 1] = 2
print d[2, 3], " ", d[0, 2, 3], " ", d[1, :], " ", sum(d)
% expect: 5 5 [0,2,0,0] 7

% zeros(1, 1, N) is a vector, and is indexed as the 1x1xN array it was built as (a block
% field of one block: mv[0, 0, c]); a vector is a 1xN row too, never a column.
mv = zeros(1, 1, 2)
mv[0, 0, 1] = 3
mv[0, 0, 0] = mv[0, 0, 1] + 1
v = [1, 2, 3]
print mv, " ", mv[0, 0, :], " ", v[0, 2], " ", v[0, 1, 0]
% expect: [4,3] [4,3] 3 2
try
    print v[1, 0]
catch err
    print err
end
% expect: index out of range: v[1,0] with size(v) = [3]
