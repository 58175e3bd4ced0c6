% An import of a file that does not exist.
% run: check
% expect error: line 4: cannot find module 'no_such_module.q'
import "no_such_module.q"
