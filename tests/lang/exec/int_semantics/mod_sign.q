% mod(a, b) has the sign of the divisor, like MATLAB.
print mod(7, 3), " ", mod(-1, 3), " ", mod(7, -3), " ", mod(-7, 3)
print mod(5.5, 2)
% expect: 1 2 -2 2
% expect: 1.5
