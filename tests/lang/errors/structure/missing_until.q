% A 'repeat' loop ends with 'until'.
% run: parse
% expect error: line 7: expected 'until' to close 'repeat' from line 5, found 'endfunction'
function f()
    repeat
        x = 1
endfunction
