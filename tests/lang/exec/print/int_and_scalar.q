% An int and an integral scalar print alike; a non-integral scalar keeps its fraction.
print 7, " ", 7.0, " ", 7.5
print 100000000
print 100000000.0
% expect: 7 7 7.5
% expect: 100000000
% expect: 1e+08
