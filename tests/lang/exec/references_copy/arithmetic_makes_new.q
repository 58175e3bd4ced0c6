% An arithmetic result is a new array.
A = [1,2]
B = A + 0
B[0] = 9
print A, " ", B
% expect: [1,2] [9,2]
