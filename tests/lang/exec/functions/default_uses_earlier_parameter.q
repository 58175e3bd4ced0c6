% A default value may use the parameters before it.
function y = g(a, b = a * 2)
    y = a + b
endfunction
print g(3), " ", g(3, 1)
% expect: 9 4
