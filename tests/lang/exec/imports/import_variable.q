% Top-level variables of a module are available to the importer.
import "modules/counter.q"
print counter_start + 1
% expect: loading counter
% expect: 101
