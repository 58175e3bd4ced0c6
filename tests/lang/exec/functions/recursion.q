% Recursive functions.
function y = fact(n)
    if n <= 1
        y = 1
    else
        y = n * fact(n - 1)
    endif
endfunction
function y = fib(n)
    y = n < 2 ? n : fib(n - 1) + fib(n - 2)
endfunction
print fact(5), " ", fib(10)
% expect: 120 55
