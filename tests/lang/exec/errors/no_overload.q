% With overloads, a call that fits none of them is an error.
function y = f(a)
    y = 1
endfunction
function y = f(a, b)
    y = 2
endfunction
z = f(1, 2, 3)
% expect error: line 8: no overload of 'f' takes 3 arguments
