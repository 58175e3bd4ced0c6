% Variables assigned in a function are local to it.
function y = f()
    t = 5
    y = t
endfunction
t = 1
print f()
print t
% expect: 5
% expect: 1
