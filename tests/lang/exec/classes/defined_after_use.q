% A class can be used in a function above its definition.
function p = origin()
    p = point(x:=0, y:=0)
endfunction
type point : class
    x : scalar
    y : scalar
endtype
print origin()
% expect: point(x=0,y=0)
