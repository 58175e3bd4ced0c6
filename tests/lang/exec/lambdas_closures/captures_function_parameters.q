% A lambda inside a function captures the function's parameters.
function y = scale_all(v, k)
    f = x -> x * k
    y = f(v)
endfunction
print scale_all([1,2], 3)
% expect: [3,6]
