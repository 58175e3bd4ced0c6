% A class instance built with named arguments; fields are read with a dot.
type point : class
    x : scalar
    y : scalar
endtype
p = point(x:=1, y:=2)
print p.x, " ", p.y
% expect: 1 2
