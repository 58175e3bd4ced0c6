% The spec's pt_rectangle: pointer fields initialised with nullptr and point(1,2).
type point : class
    x : scalar
    y : scalar
endtype
type pt_rectangle : class
    p1 : ^point
    p2 : ^point
endtype
r = pt_rectangle(p1:=nullptr, p2:=point(1,2))
print r.p1 == nullptr, " ", r.p2.y
% expect: 1 2
