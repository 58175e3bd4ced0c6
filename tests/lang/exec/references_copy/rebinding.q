% Assigning a new array to B does not change A.
A = [1,2]
B = A
B = [5,6]
print A, " ", B
% expect: [1,2] [5,6]
