% Parameters are separated by commas.
% run: parse
% expect error: line 4: expected ')' to close '(' from line 4, found 'b'
function y = f(a b)
    y = a
endfunction
