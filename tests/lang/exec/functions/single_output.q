% A function with one output.
function y = sq(x)
    y = x * x
endfunction
print sq(3)
print sq(1.5)
% expect: 9
% expect: 2.25
