% A field can be reassigned, also with a value of another type.
o = object()
o.a = 1
o.a = [1,2]
print o.a
% expect: [1,2]
