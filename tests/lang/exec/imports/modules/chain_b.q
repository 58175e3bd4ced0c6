% The module chain_a.q imports.
% run: check
function y = b_value()
    y = 41
endfunction
