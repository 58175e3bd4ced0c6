% Ints and scalars compare by value.
print 3 == 3.0, " ", 2 < 2.5, " ", 7 / 2 == 3.5
% expect: 1 1 1
