% The spec's my_func with a scalar default argument a = 4.
function [y, k] = my_func(b : mat, a : scalar = 4)
    print a + b
    y = k = 0
endfunction
my_func(ones(2,2))
[p, q] = my_func(eye(2), 1)
print p, " ", q
% expect: [[5,5],[5,5]]
% expect: [[2,1],[1,2]]
% expect: 0 0
