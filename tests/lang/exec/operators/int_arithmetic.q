% + - * on ints give ints.
print 7 + 2, " ", 7 - 2, " ", 7 * 2, " ", -7 + 2
% expect: 9 5 14 -5
