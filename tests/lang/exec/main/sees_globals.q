% main sees the top-level variables assigned before it runs.
g = 10
function [] = main()
    print g + 1
endfunction
% expect: 11
