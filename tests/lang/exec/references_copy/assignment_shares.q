% Arrays are references: after B = A, writing B[0] changes A.
A = [1,2,3]
B = A
B[0] = 9
print A
% expect: [9,2,3]
