% Fields of type ?? hold any value.
type anything : class
    x : ??
    y : ??
endtype
a = anything(x:=1, y:="text")
b = anything(x:=[1,2], y:=2.5)
print a.y, " ", b.x, " ", b.y
% expect: text [1,2] 2.5
