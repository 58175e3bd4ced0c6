% Fixed parameters come before the variadic one.
function y = f(a, ...rest)
    y = a + numel(rest)
endfunction
print f(10, 1, 2, 3)
print f(10)
% expect: 13
% expect: 10
