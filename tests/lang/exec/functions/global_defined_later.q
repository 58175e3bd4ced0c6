% A top-level function reads top-level variables when it is called.
function y = f()
    y = g_value * 2
endfunction
g_value = 21
print f()
g_value = 5
print f()
% expect: 42
% expect: 10
