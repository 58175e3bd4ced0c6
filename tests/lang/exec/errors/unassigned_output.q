% An output that is never assigned is an error when the function returns.
function y = f(x)
    if x > 0
        y = 1
    endif
endfunction
print f(1)
z = f(-1)
% expect: 1
% expect error: line 8: output 'y' of 'f' was not assigned
