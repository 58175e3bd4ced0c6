% A variadic parameter ...args collects the remaining arguments.
function y = total(...args : vec)
    y = sum(args)
endfunction
function n = count(...args)
    n = numel(args)
endfunction
print total(1, 2, 3)
print count(1, "a", [1,2])
print count()
% expect: 6
% expect: 3
% expect: 0
