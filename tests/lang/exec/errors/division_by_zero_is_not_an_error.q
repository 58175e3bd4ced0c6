% Division by zero gives inf or nan, not an error.
x = 1 / 0
y = 0 / 0
print x, " ", y
% expect: inf nan
