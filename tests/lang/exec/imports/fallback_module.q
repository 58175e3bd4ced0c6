% A module imported by absolute_path_fallback.q under a path that does not exist.
% run: check
function y = quadruple(x)
    y = 4 * x
endfunction
