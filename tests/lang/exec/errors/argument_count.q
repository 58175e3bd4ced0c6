% Calling a function with too many arguments is an error.
function y = f(a, b)
    y = a + b
endfunction
print f(1, 2)
z = f(1, 2, 3)
% expect: 3
% expect error: line 6: 'f' takes 2 arguments, 3 given
