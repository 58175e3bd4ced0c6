% A module imported twice is imported once: no error, no duplicate.
% run: check
import "modules/geometry.q"
import "modules/geometry.q"
print circle_area(1)
