% A single output is followed by '=' too.
% run: parse
% expect error: line 4: expected '=' after the output, found 'double_it'
function y double_it(x)
    y = 2 * x
endfunction
