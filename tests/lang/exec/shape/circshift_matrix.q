% circshift of a matrix by a vector of shifts, one per dimension.
A = [[1,2,3],[4,5,6]]
print circshift(A, [0,1])
print circshift(A, [1,0])
% expect: [[3,1,2],[6,4,5]]
% expect: [[4,5,6],[1,2,3]]
