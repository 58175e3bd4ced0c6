% With overloads for scalar and int, an int argument takes the int one (int is also a scalar).
function y = kind(x : scalar)
    y = "scalar"
endfunction
function y = kind(x : int)
    y = "int"
endfunction
print kind(3), " ", kind(2.5)
% expect: int scalar
