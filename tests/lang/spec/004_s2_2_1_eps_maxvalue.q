% spec: 004 §2.2.1 "Floating point representation" (reference manual excerpt)
% repaired: the names and calls of the prose, one per line
% run: parse
% example: eps, maxvalue, minvalue
eps
maxvalue(scalar)
minvalue(scalar)
