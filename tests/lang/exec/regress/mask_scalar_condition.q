% A condition on numbers selects every element or none.
N = [1, 2, 3]
x = 5
N[x > 2] = 9
print N
N[x < 2] = 0
print N
% expect: [9,9,9]
% expect: [9,9,9]
