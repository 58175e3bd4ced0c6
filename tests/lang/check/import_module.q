% An imported module's functions and types become names of the importer.
% run: check
import "modules/geometry.q"
p = point(x:=1, y:=2)
print circle_area(2), norm2(p)
