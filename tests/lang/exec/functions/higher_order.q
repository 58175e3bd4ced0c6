% Functions and lambdas passed as arguments.
function y = sq(x)
    y = x * x
endfunction
function y = apply(f, x)
    y = f(x)
endfunction
print apply(sq, 3), " ", apply(x -> x + 1, 3)
% expect: 9 4
