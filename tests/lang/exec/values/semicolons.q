% Semicolons separate several statements on one line.
a = 1; b = 2; print a + b
x = 5; x = x * 2
print x
% expect: 3
% expect: 10
