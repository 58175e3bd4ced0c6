% A lambda captures outer values when it is defined.
a = 1
f = x -> x + a
a = 2
print f(1)
g = x -> x + a
print g(1)
% expect: 2
% expect: 3
