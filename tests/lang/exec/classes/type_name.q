% type() of an instance is its class name.
type point : class
    x : scalar
    y : scalar
endtype
p = point(x:=1, y:=2)
print type(p)
print type(p, "point")
% expect: point
% expect: 1
