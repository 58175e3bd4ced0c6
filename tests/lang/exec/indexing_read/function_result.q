% The result of a user function can be indexed.
function y = mk()
    y = [[1,2],[3,4]]
endfunction
print mk()[1,1]
% expect: 4
