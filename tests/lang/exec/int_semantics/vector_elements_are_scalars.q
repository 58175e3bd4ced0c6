% A matrix literal holds scalars: its elements are scalars, not ints.
a = [1,2,3]
print type(a)
print type(a[0])
% expect: vec
% expect: scalar
