% An output may have the same name as a parameter.
function x = inc(x)
    x = x + 1
endfunction
print inc(4)
% expect: 5
