% An imported module's functions are available; its main is not run.
import "modules/mathutil.q"
print triple(4)
% expect: 12
