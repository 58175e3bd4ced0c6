% A nested function reads the outer function's variables.
function y = outer(x)
    k = 10
    function z = inner(w)
        z = w + k
    endfunction
    y = inner(x)
endfunction
print outer(1)
% expect: 11
