% Function outputs are followed by '='; the body still parses.
% run: parse
% expect error: line 4: expected '=' after the outputs, found 'swap'
function [a, b] swap(x, y)
    a = y
    b = x
endfunction
