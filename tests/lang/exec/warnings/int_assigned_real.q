% Assigning a real scalar to a variable holding an int makes it a scalar (no truncation).
n = 5
n = 2.7
print n, " ", type(n)
% expect: 2.7 scalar
