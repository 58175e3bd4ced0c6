% Scoping is by function: a name assigned anywhere in the scope is known in all of it.
% run: check
function y = f(n)
    if n > 0
        y = later
    endif
    later = 2 * n
endfunction
print f(1)
