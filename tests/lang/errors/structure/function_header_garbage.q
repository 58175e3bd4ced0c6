% A function header must end its line; the body and 'endfunction' still match.
% run: parse
% expect error: line 4: expected end of line after the 'function'
function y = f(x) y = x
endfunction
