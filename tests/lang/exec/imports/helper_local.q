% A module next to the importing program (imports/import_sibling.q).
% run: check
function y = local_double(x)
    y = 2 * x
endfunction
