% Real literals print like C's %g with 6 significant digits.
print 2.5
print 0.125
print 1.9e4
print 5.678
print 12345.678
% expect: 2.5
% expect: 0.125
% expect: 19000
% expect: 5.678
% expect: 12345.7
