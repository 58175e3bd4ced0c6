% An object prints as object(name=value,...) in the order the fields were added.
o = object()
o.a = 1
o.b = "abc"
print o
% expect: object(a=1,b=abc)
