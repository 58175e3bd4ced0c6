% pi in formulas.
print 2 * pi
print cos(2 * pi)
print round(pi * 1000)
% expect: 6.28319
% expect: 1
% expect: 3142
