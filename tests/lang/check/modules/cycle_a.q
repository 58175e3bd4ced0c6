% One half of an import cycle (see import_cycle.q).
% run: check
import "cycle_b.q"
function y = from_a(x)
    y = x + 1
endfunction
