% Comparison results are the ints 0 and 1.
print 3 > 2, " ", 3 < 2
print type(3 > 2)
print type(2.5 > 1.5)
% expect: 1 0
% expect: int
% expect: int
