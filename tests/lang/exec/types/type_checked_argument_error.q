% An annotated parameter is checked at call time. (A number is accepted for `vec`, as a
% 1x1 array: the manual's my_func(2) passes 2 for `b : mat`.)
function y = f(x : vec)
    y = x
endfunction
print numel(f([1,2]))
print f(2.5)
y = f("text")
% expect: 2
% expect: 2.5
% expect error: line 8: type check failed: argument 'x' of 'f' is 'string', not 'vec'
