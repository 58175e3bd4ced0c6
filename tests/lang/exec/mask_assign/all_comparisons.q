% Masks from >=, <=, != and ==.
A = [1,2,3]
A[A >= 2] = 9
print A
B = [1,2,3]
B[B <= 2] = 0
print B
C = [1,2,3]
C[C != 2] = 7
print C
D = [1,2,3]
D[D == 2] = -2
print D
% expect: [1,9,9]
% expect: [0,0,3]
% expect: [7,2,7]
% expect: [1,-2,3]
