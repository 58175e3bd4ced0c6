% An array passed to a function is shared: the function can write into it.
function [] = setfirst(a)
    a[0] = 99
endfunction
v = [1,2,3]
setfirst(v)
print v
% expect: [99,2,3]
