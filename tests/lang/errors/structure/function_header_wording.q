% A function header has no condition: the message should not call it one.
% run: parse
% expect error: line 4: expected end of line after the 'function' header
function y = f(x) y = x
endfunction
