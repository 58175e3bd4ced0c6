% The type of an object is object.
print type(object())
% expect: object
