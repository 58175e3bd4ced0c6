% The evaluated string can be built at run time.
expr = sprintf("%d * %d", 6, 7)
print eval(expr)
% expect: 42
