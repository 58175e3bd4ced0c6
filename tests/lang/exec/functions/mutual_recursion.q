% Two functions calling each other.
function y = is_even(n)
    y = n == 0 ? 1 : is_odd(n - 1)
endfunction
function y = is_odd(n)
    y = n == 0 ? 0 : is_even(n - 1)
endfunction
print is_even(10), is_odd(7), is_even(7)
% expect: 110
