% 'function f' with no parameter list: the message should ask for '(', not for an '='.
% run: parse
% expect error: line 4: expected '(' and the parameters after the function name
function f
    print "hi"
endfunction
