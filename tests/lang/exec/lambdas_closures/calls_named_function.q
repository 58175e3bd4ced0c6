% A lambda may call a named function defined later in the file.
f = x -> sq(x) + 1
print f(2)
function y = sq(x)
    y = x * x
endfunction
% expect: 5
