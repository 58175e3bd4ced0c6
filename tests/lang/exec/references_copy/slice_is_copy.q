% Reading a slice gives a new array.
A = [1,2,3]
s = A[0..1]
s[0] = 9
print A, " ", s
% expect: [1,2,3] [9,2]
