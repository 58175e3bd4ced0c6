% A function needs a name, with or without outputs.
% run: parse
% expect error: line 5: expected the function name, found '('
% expect error: line 9: expected the function name, found '('
function y = (x)
    y = x
endfunction

function (x)
endfunction
