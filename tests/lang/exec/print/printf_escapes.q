% Inside a format string \n, \t and \\ are understood; in a plain string they are not.
printf("x\\y\n")
printf("a\tb|\n")
print "a\tb"
% expect: x\y
% expect: a	b|
% expect: a\tb
