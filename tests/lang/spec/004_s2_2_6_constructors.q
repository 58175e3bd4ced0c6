% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: the inline snippets of the prose, one per line
% run: parse
% example: constructors with named arguments
p = point()
p = point(x:=4, y:=5)
p = point(y:=5, x:=4)
