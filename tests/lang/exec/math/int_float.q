% int() truncates to an int, float() converts to a scalar.
print int(2.7), " ", int(-2.7), " ", float(3)
print type(int(2.7)), " ", type(float(3))
% expect: 2 -2 3
% expect: int scalar
