% A typed output.
function y : int = three()
    y = 3
endfunction
print three(), " ", type(three())
% expect: 3 int
