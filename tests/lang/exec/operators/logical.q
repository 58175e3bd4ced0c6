% && || ! on scalars give 1 or 0; any nonzero value is true.
print 1 && 0, 1 || 0, !0, !5, 2 && 3
print 0 || 0
% expect: 01101
% expect: 0
