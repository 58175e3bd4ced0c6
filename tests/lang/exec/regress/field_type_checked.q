% Assigning a field of a mutable class checks the field's declared type.
type point : mutable class
    x : scalar
endtype
p = point(x := 1)
p.x = 2
print p.x
p.x = "abc"
% expect: 2
% expect error: line 8: type check failed: field 'x' of 'point' is 'string', not 'scalar'
