% A module imported by tests in imports/; its main must not run when imported.
% run: check
function y = triple(x)
    y = 3 * x
endfunction
function [] = main()
    print "module main"
endfunction
