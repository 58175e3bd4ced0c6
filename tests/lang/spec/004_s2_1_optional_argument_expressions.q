% spec: 004 §2.1 "Optional function arguments" (reference manual excerpt)
% repaired: the three function headers are fragments: each completed with an empty body and endfunction
% run: parse
% example: default values that are expressions
function [y, k] = my_func(b : mat, a : mat = eye(4))
    % (body not given in the spec)
endfunction
function [y, k] = my_func(b : mat, a : mat = A .* B)
    % (body not given in the spec)
endfunction
function [y, k] = my_func(b : mat, a : mat = 2 * b)
    % (body not given in the spec)
endfunction
