% A[:, j] is column j: an N x 1 matrix, as MATLAB-born research code assumes (issue 16:
% "a column slice stays a column"); A[i, :] is a row, a vector. repmat of a column
% slice then tiles columns (the guided filter's box sums: repmat(C[0..h-1, w-1], [1, r])).
A = [[1,2,3],[4,5,6]]
print A[:,1], " ", size(A[:,1]), " ", A[1,:], " ", size(A[1,:])
% expect: [[2],[5]] [2,1] [4,5,6] [3]
print size(repmat(A[0..1, 2], [1, 3])), " ", repmat(A[0..1, 2], [1, 3])
% expect: [2,3] [[3,3,3],[6,6,6]]
print size(repmat(A[1, 0..2], [2, 1]))
% expect: [2,3]
B = A[:, 0] + A[:, 2]
print B, " ", sum(A[:, 1])
% expect: [[4],[10]] 7
