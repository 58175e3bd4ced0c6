% A parameter name used twice.
% run: check
% expect error: line 4: 'a' is declared twice in 'f'
function y = f(a, b, a)
    y = a + b
endfunction
