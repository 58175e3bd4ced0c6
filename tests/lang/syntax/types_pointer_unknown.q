% run: dump
% pins: pointer types ^point and the unknown type ??
p : ^point
u : ??
% expect: (: p ^point)
% expect: (: u ??)
