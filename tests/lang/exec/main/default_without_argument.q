% A main parameter with a default takes it when no argument is given.
function [] = main(n = 5)
    print n * 2
endfunction
% expect: 10
