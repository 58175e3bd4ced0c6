% A global name of the language that qpipe does not implement on the host (here
% atomic_add, a kernel function) is "not defined", not "used before it is assigned":
% the program never assigns it (runtime/interp.c unassigned).
function f()
    a = [1]
    atomic_add(a, 1)
end
f()
% expect error: line 6: 'atomic_add' is not defined
