% Scalars are single precision by default: 2^24 + 1 and 1 + 1e-8 are rounded away.
x = 16777216.0
print x + 1.0 == x
print 1.0 + 1e-8 == 1.0
% expect: 1
% expect: 1
