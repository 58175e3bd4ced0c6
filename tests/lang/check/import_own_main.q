% The imported module's 'main' is not imported, so the importer may define its own.
% run: check
import "modules/with_main.q"
function main()
    print helper(2)
endfunction
main()
