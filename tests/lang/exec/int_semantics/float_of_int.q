% float() converts an int to a scalar.
print float(3)
print type(float(3))
print float(3) / 2
% expect: 3
% expect: scalar
% expect: 1.5
