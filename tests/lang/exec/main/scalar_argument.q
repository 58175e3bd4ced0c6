% An argument for a scalar parameter is converted to a scalar.
% args: 2.5
function [] = main(x : scalar)
    print x * 2
endfunction
% expect: 5
