% A module named by an absolute path that does not exist (a program written on another
% machine) is looked for by its file name in the program's folder and the module path,
% with a warning.
import "C:\Users\someone\quasar\fallback_module.q"
import "/nonexistent/qpipe/folder/system.q"
print quadruple(4), " ", isscalar(2.5)
% expect: 16 1
% expect warning: line 4: module 'C:\Users\someone\quasar\fallback_module.q' does not exist; using
% expect warning: line 5: module '/nonexistent/qpipe/folder/system.q' does not exist; using
