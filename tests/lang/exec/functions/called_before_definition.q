% A function can be called above its definition in the file.
print sq(3)
function y = sq(x)
    y = x * x
endfunction
% expect: 9
