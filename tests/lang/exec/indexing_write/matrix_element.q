% Writing A[i, j].
A = zeros(2,2)
A[1,0] = 3
print A
% expect: [[0,0],[3,0]]
