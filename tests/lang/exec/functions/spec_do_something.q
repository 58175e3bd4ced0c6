% The spec's do_something: a function applied to a matrix.
function y = do_something(x)
    y = x * 2
endfunction
a = [[1,2],[2,1]]
b = do_something(a)
print b
% expect: [[2,4],[4,2]]
