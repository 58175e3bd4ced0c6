% print evaluates each argument expression.
print 1 + 2, " ", 2 * 3.5, " ", [1,2] * 2
% expect: 3 7 [2,4]
