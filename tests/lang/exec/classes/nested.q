% A class whose fields are class instances.
type point : class
    x : scalar
    y : scalar
endtype
type rectangle : class
    p1 : point
    p2 : point
endtype
r = rectangle(p1:=point(x:=1, y:=2), p2:=point(x:=3, y:=4))
print r.p2.x
print r
% expect: 3
% expect: rectangle(p1=point(x=1,y=2),p2=point(x=3,y=4))
