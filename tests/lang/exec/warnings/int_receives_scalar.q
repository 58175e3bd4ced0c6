% An accumulator started with an integer literal holds the scalar sum.
a = 0
a += 2.5
print a
% expect: 2.5
