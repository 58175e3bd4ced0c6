% [a, b] = ... declares every name; '_' ignores an output; targets may carry a type.
% run: check
function [q, r] = divmod(a, b)
    q = floor(a / b)
    r = a - q * b
endfunction
[x, y] = divmod(7, 2)
[m, _] = size(zeros(2, 3))
[rows : int, cols] = size(ones(4, 5))
print x, y, m, rows, cols
