% An imported module's class types are available.
import "modules/shapes.q"
c = circle(radius:=2)
print area(c)
% expect: 12.5664
