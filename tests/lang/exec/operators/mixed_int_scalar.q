% int op scalar gives a scalar.
print 1 + 0.5
print type(1 + 0.5)
print type(2 * 3)
print 3 - 0.25
% expect: 1.5
% expect: scalar
% expect: int
% expect: 2.75
