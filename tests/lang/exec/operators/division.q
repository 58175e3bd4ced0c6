% / always gives a scalar: 7/2 is 3.5.
print 7 / 2
print 6 / 3
print type(6 / 3)
print -7 / 2
% expect: 3.5
% expect: 2
% expect: scalar
% expect: -3.5
