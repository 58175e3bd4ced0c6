% The 'main' function of an imported module is not imported; its other functions are.
% run: check
% expect error: line 6: 'main' is not defined
import "../../check/modules/with_main.q"
helper(1)
main()
