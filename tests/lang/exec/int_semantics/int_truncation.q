% int(x) truncates toward zero.
print int(2.7), " ", int(-2.7), " ", int(3)
print type(int(2.7))
% expect: 2 -2 3
% expect: int
