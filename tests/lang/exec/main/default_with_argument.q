% An argument for a parameter with a numeric default is converted to a number.
% args: 7
function [] = main(n = 5)
    print n * 2
endfunction
% expect: 14
