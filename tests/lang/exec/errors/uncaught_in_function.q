% An uncaught error in a nested call is reported at the error statement's line.
function [] = g(x)
    error "deep failure ", x
endfunction
function [] = f(x)
    g(x + 1)
endfunction
print "start"
f(1)
% expect: start
% expect error: line 3: deep failure 2
