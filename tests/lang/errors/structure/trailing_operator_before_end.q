% A statement ending in '+' before 'endfunction': one error, the function still closes.
% run: parse
% expect error: line 5: expected an expression, found end of line
function y = f(x)
    y = x +
endfunction
