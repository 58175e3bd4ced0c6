% A name assigned inside a function is local to it.
% run: check
% expect error: line 8: 't' is not defined
function g()
    t = 1
endfunction
g()
print t
