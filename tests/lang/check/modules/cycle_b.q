% The other half of an import cycle (see import_cycle.q).
% run: check
import "cycle_a.q"
function y = from_b(x)
    y = 2 * x
endfunction
