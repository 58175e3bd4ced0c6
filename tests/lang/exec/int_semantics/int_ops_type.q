% + - * of two ints is an int.
print type(3 + 4), " ", type(3 * 4), " ", type(3 - 4)
print 3 - 4
% expect: int int int
% expect: -1
