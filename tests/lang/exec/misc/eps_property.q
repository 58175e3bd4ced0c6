% eps is the gap between 1 and the next scalar.
print 1 + eps > 1
print 1 + eps / 4 == 1
% expect: 1
% expect: 1
