% run: dump
% pins: a union type in a declaration
x : [vec|mat|cube]
y : [scalar|??]
% expect: (: x [vec|mat|cube])
% expect: (: y [scalar|??])
