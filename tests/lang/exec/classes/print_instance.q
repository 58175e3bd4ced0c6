% An instance prints as name(field=value,...) in declaration order.
type point : class
    x : scalar
    y : scalar
endtype
p = point(x:=1, y:=2)
print p
q = point(y:=5, x:=4)
print q
% expect: point(x=1,y=2)
% expect: point(x=4,y=5)
