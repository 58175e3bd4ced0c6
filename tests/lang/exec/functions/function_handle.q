% A function name is a value that can be assigned and called.
function y = sq(x)
    y = x * x
endfunction
g = sq
print g(4)
print type(g)
% expect: 16
% expect: function
