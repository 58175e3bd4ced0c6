% A function parameter of a class type.
type point : class
    x : scalar
    y : scalar
endtype
function n = norm2(p : point)
    n = sqrt(p.x^2 + p.y^2)
endfunction
print norm2(point(x:=3, y:=4))
% expect: 5
