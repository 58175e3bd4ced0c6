% The default constructor point() sets the numeric fields to zero.
type point : class
    x : scalar
    y : scalar
endtype
p = point()
print p.x, " ", p.y
% expect: 0 0
