% 1/0 is inf, -1/0 is -inf, 0/0 is NaN; they print as inf, -inf and nan.
print 1/0
print -1/0
print 0/0
print inf, " ", -inf, " ", nan
% expect: inf
% expect: -inf
% expect: nan
% expect: inf -inf nan
