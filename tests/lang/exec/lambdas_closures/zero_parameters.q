% A lambda without parameters.
a = 7
f = () -> a * 2
print f()
% expect: 14
