% NaN is unequal to itself; arithmetic with infinities follows IEEE.
x = 0/0
print x == x
print x != x
print inf > 1e30
print -inf < 0
print inf - inf
print 1/inf
% expect: 0
% expect: 1
% expect: 1
% expect: 1
% expect: nan
% expect: 0
