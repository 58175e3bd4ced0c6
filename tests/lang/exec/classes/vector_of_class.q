% Arrays of class instances via a type definition: type point_vec : vec[point].
type point : class
    x : scalar
    y : scalar
endtype
type point_vec : vec[point]
a = point_vec(3)
print numel(a)
a[1] = point(x:=2, y:=3)
print a[1].y
print a[0]
% expect: 3
% expect: 3
% expect: point(x=0,y=0)
