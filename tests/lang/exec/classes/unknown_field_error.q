% Reading a field a class does not have is an error.
type point : class
    x : scalar
    y : scalar
endtype
p = point(x:=1, y:=2)
z = p.z
% expect error: line 7: 'p' has no field 'z'
