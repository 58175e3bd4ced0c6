% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: UDT containing UDTs
type rectangle : class
    p1 : point
    p2 : point
endtype
