% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: class
type point : class
    x : scalar
    y : scalar
endtype
