% copy() makes an independent array.
A = [1,2,3]
B = copy(A)
B[0] = 9
print A, " ", B
% expect: [1,2,3] [9,2,3]
