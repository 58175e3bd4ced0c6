% A trailing comma in a parameter list.
% run: parse
% expect error: line 4: expected a parameter name, found ')'
function y = f(x, )
    y = x
endfunction
