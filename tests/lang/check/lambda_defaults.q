% Lambda and function parameters with defaults; a default sees the earlier parameters.
% run: check
f = (x, y = 2) -> x + y
function z = g(a, b = a + 1)
    z = a * b
endfunction
print f(1), g(2)
