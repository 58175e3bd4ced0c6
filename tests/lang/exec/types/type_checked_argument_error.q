% An annotated parameter is checked at call time.
function y = f(x : vec)
    y = x
endfunction
print numel(f([1,2]))
y = f(2.5)
% expect: 2
% expect error: line 6: type check failed: argument 'x' of 'f' is 'scalar', not 'vec'
