% The reductions of an imported module apply in the importing program.
import "reductions_module.q"
print checked_decode(encode(7))
print checked_decode(107)
% expect: 7
% expect: decoding
% expect: 7
