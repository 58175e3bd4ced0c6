% A module imported twice is loaded once.
import "modules/counter.q"
import "modules/counter.q"
print counter_start
% expect: loading counter
% expect: 100
