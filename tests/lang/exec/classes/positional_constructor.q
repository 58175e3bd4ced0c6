% Constructor arguments may also be given in field order, as in point(1,2).
type point : class
    x : scalar
    y : scalar
endtype
p = point(1, 2)
print p
% expect: point(x=1,y=2)
