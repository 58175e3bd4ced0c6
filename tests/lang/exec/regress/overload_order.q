% The best-fitting overload wins whatever the order of definition.
function k = kind(x : int)
    k = "int"
endfunction
function k = kind(x : scalar)
    k = "scalar"
endfunction
function k = shape(x : mat)
    k = "mat"
endfunction
function k = shape(x : vec)
    k = "vec"
endfunction
print kind(3), " ", kind(2.5), " ", shape([1,2]), " ", shape([[1],[2]])
% expect: int scalar vec mat
