% A module that imports another module of its own folder (imports/import_chain.q).
% run: check
import "chain_b.q"
function y = a_value()
    y = b_value() + 1
endfunction
