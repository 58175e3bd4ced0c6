% Imports come before the other statements of a file (the module is still imported).
% run: check
% expect error: line 5: import must come before the other statements of the file
x = 1
import "../../check/modules/geometry.q"
print circle_area(x)
