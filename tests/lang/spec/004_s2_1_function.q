% spec: 004 §2.1 "Functions" (reference manual excerpt)
% repaired: nothing
% run: exec
function y = do_something(x)
    y = x * 2
endfunction
a = [[1,2],[2,1]]
b = do_something(a)
print b
% expect: [[2,4],[4,2]]
