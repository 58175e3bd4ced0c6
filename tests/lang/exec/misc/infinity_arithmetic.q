% Arithmetic with infinities.
print inf + 1 == inf
print inf * -1
print -inf * -1
% expect: 1
% expect: -inf
% expect: inf
