% A function sees its parameters, its own names and the file's top level, nothing else.
% run: check
% expect error: line 5: 'factor' is not defined
function r = scale(a)
    r = a * factor
endfunction
print scale(2)
