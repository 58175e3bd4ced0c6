% object() makes an object whose fields are added at run time.
o = object()
o.a = 1
o.b = "abc"
print o.a, o.b
% expect: 1abc
