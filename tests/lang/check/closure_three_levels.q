% Captures through two levels of functions and a lambda.
% run: check
function y = a(x)
    base = x
    function z = b(t)
        function w = c(u)
            w = u + base + t
        endfunction
        z = c(t)
    endfunction
    f = v -> v * base
    y = b(x) + f(x)
endfunction
print a(1)
