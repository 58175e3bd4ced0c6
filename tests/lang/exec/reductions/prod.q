% prod over all elements and along a dimension.
A = [[1,2,3],[4,5,6]]
print prod([1,2,3,4]), " ", prod([[1,2],[3,4]])
print prod(A, 0)
print prod(A, 1)
% expect: 24 24
% expect: [[4,10,18]]
% expect: [[6],[120]]
