% A mutable class allows assigning its fields.
type point : mutable class
    x : scalar
    y : scalar
endtype
p = point(x:=1, y:=2)
p.x = 3
print p
% expect: point(x=3,y=2)
