% A class type is a name: it constructs values, also before its definition.
% run: check
function p = origin()
    p = point(x:=0, y:=0)
endfunction
type point : class
    x : scalar
    y : scalar
endtype
q = point(x:=1, y:=2)
print origin(), q.x
