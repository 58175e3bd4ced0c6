% A[A > B] = C with a same-size right-hand side takes the matching elements of C.
A = [1,2,3,4]
B = [0,5,0,5]
C = [10,20,30,40]
A[A > B] = C
print A
% expect: [10,2,30,4]
