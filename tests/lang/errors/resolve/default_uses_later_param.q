% A default value sees the earlier parameters only.
% run: check
% expect error: line 4: 'b' is not defined
function y = f(a = b, b = 1)
    y = a + b
endfunction
