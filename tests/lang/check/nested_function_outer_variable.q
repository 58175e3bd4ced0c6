% An inner function uses a variable of the function around it (a closure).
% run: check
function y = outer(x)
    scale = 2
    function z = inner(t)
        z = t * scale
    endfunction
    y = inner(x)
endfunction
print outer(3)
