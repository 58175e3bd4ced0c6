% A lambda stored in a field can be called through it.
o = object()
o.f = x -> x * 2
print o.f(4)
% expect: 8
