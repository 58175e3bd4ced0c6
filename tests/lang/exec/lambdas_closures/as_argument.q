% A lambda passed to a function.
function y = apply_twice(f, x)
    y = f(f(x))
endfunction
print apply_twice(x -> x * 3, 2)
% expect: 18
