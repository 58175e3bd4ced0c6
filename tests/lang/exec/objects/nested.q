% Objects inside objects.
o = object()
o.inner = object()
o.inner.v = [1,2]
print o.inner.v
% expect: [1,2]
