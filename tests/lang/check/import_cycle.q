% Two modules that import each other: the cycle is cut and both modules' names arrive.
% run: check
import "modules/cycle_a.q"
print from_a(1), from_b(1)
