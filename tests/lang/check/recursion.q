% A function calls itself.
% run: check
function y = fact(n)
    if n <= 1
        y = 1
    else
        y = n * fact(n - 1)
    endif
endfunction
print fact(5)
