% Spread into a variadic function, mixed with other arguments.
function y = total(...args : vec)
    y = sum(args)
endfunction
v = [1,2,3]
print total(...v, 4)
% expect: 10
