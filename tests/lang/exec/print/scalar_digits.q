% Six significant digits: 1/3, 2/3, 100/3, 1e6/3 and 1e7/3.
print 1/3
print 2/3
print 100/3
print 1e6/3
print 1e7/3
% expect: 0.333333
% expect: 0.666667
% expect: 33.3333
% expect: 333333
% expect: 3.33333e+06
