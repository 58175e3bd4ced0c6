% A module with a main function and a helper (imported by tests in the folders above).
% run: check
function y = helper(x)
    y = 2 * x
endfunction
function main()
    print helper(21)
endfunction
