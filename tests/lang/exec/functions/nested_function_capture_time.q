% A nested function captures the outer values when it is defined, not when it is called.
function y = outer()
    a = 1
    function z = get()
        z = a
    endfunction
    a = 2
    y = get()
endfunction
print outer()
% expect: 1
