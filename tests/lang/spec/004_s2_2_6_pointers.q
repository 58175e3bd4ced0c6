% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: pointers
type pt_rectangle : class
    p1 : ^point
    p2 : ^point
endtype
