% Classes are immutable by default: assigning a field is an error naming the class.
type point : class
    x : scalar
    y : scalar
endtype
p = point(x:=1, y:=2)
p.x = 3
print "not reached"
% expect error: line 7: cannot assign field 'x': class 'point' is immutable
