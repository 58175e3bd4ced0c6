% run: dump
% pins: several modifiers after a type: cube[T]'mirror'unchecked, vec'const'nocopy
a : vec'const'nocopy
b : cube[T]'mirror'unchecked
c : int'sat
d : cube'hwconst
% expect: (: a vec'const'nocopy)
% expect: (: b cube[T]'mirror'unchecked)
% expect: (: c int'sat)
% expect: (: d cube'hwconst)
