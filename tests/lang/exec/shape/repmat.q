% repmat(A, [m, n]) tiles A m times down and n times across.
A = [[1,2],[3,4]]
print repmat(A, [1,2])
print repmat(A, [2,1])
% expect: [[1,2,1,2],[3,4,3,4]]
% expect: [[1,2],[3,4],[1,2],[3,4]]
