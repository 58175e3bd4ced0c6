% Functions are visible in their whole scope: is_even calls is_odd, defined after it.
% run: check
function b = is_even(n)
    b = n == 0 ? true : is_odd(n - 1)
endfunction
function b = is_odd(n)
    b = n == 0 ? false : is_even(n - 1)
endfunction
print is_even(10)
