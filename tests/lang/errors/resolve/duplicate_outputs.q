% An output name used twice.
% run: check
% expect error: line 4: 'a' is declared twice in 'f'
function [a, a] = f()
    a = 1
endfunction
