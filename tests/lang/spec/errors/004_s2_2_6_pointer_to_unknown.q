% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: the prose names only "^??": put in a class field, like the pt_rectangle example
% run: parse
% example: pointer to an unknown type
% The spec: it is not allowed to declare a pointer to an unknown type (^??). Expected here as a
% syntax error (a pointer is "^" followed by a class name); it could instead be reported by `check`.
% (message text is a guess, to be aligned with the parser)
% expect error: line 10: pointer
type pu_rectangle : class
    p1 : ^??
endtype
