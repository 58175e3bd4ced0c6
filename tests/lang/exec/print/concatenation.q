% print concatenates its arguments without a separator and ends the line.
print "a", 1, "b", 2.5
print "x = ", 3, ", y = ", 4
% expect: a1b2.5
% expect: x = 3, y = 4
