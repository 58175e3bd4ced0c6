% The importer's own main runs; the module's main does not.
import "modules/mathutil.q"
function [] = main()
    print "own main ", triple(1)
endfunction
% expect: own main 3
