% int() of a vector converts each element, giving a vec[int].
v = int([1.5, -2.5, 3.9])
print v
print type(v)
% expect: [1,-2,3]
% expect: vec[int]
