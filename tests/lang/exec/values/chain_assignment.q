% An assignment is an expression whose value is the assigned value: a = b = 3.
a = b = 3
print a, " ", b
c = (d = 4) + 1
print c, " ", d
% expect: 3 3
% expect: 5 4
