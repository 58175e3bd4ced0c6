% Without 'endfunction', the next function nests inside the first; the first is reported
% open at the end of the file.
% run: parse
% expect error: line 10: expected 'endfunction' (or 'end') to close 'function' from line 5, found end of file
function a = f(x)
    a = x

function b = g(x)
    b = x
endfunction
