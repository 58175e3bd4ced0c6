% A module is looked up in the program's folder first.
import "helper_local.q"
print local_double(21)
% expect: 42
