% An argument for a parameter of type int is converted to a number.
% args: 3 abc
function [] = main(n : int, name : string)
    print n + 1, " ", name
endfunction
% expect: 4 abc
