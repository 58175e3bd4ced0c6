% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: initialization with nullptr
r = pt_rectangle(p1:=nullptr, p2:=point(1,2))
