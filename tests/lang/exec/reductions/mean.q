% mean over all elements and along a dimension.
A = [[1,2,3],[4,5,6]]
print mean([1,2,3,4]), " ", mean(A)
print mean(A, 0)
print mean(A, 1)
% expect: 2.5 3.5
% expect: [[2.5,3.5,4.5]]
% expect: [[2],[5]]
