% Functions may be overloaded by the number of arguments.
function y = f(a)
    y = "one"
endfunction
function y = f(a, b)
    y = "two"
endfunction
print f(0), " ", f(0, 0)
% expect: one two
