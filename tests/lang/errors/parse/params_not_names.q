% Parameters are names, not values.
% run: parse
% expect error: line 4: expected a parameter name, found a number
function y = f(1, 2)
    y = 3
endfunction
