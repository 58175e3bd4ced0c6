% A function defined inside another is usable there.
function y = outer(x)
    function z = inner(w)
        z = w * 2
    endfunction
    y = inner(x) + 1
endfunction
print outer(5)
% expect: 11
