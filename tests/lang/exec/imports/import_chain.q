% A module importing another module relative to its own folder.
import "modules/chain_a.q"
print a_value()
% expect: 42
