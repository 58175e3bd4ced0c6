% A lambda made by eval can be called several times.
f = eval("x -> x^2")
print f(3), " ", f(4)
% expect: 9 16
