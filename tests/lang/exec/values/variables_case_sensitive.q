% Variable names are case sensitive.
a = 1
A = 2
print a, " ", A
% expect: 1 2
