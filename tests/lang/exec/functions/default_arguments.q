% A missing argument takes its default value.
function y = f(a, b = 10)
    y = a + b
endfunction
print f(1), " ", f(1, 2)
% expect: 11 3
