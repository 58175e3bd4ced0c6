% spec: 004 §2.1 "Optional function arguments" (reference manual excerpt)
% repaired: the function header is a fragment: completed with an empty body and endfunction
% run: parse
% example: argument order
% The spec says this leads to an error (b is not defined when a = 2 * b is evaluated);
% that is an error at run time, not a syntax error, so it must parse.
function [y, k] = my_func(a : mat = 2 * b, b : mat)
    % (body not given in the spec)
endfunction
