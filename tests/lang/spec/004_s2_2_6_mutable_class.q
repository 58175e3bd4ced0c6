% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: mutable class
type point : mutable class
    x : scalar
    y : scalar
endtype
