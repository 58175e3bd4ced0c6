% run: dump
% pins: precision modifiers on scalar, also as an element type
h : scalar'half
s : scalar'single
d : scalar'double
v : vec[scalar'half]
% expect: (: h scalar'half)
% expect: (: s scalar'single)
% expect: (: d scalar'double)
% expect: (: v vec[scalar'half])
