% An unclosed parameter list swallows the first body line, up to the 'endfunction'.
% run: parse
% expect error: line 5: expected ')' to close '(' from line 4, found 'y'
function y = f(a, b
    y = a + b
endfunction
