% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: the prose names only "^^point": put in a class field, like the pt_rectangle example before it
% run: parse
% example: multiple indirections
% The spec: multiple indirections (^^point) are not allowed. Expected here as a syntax error
% (a pointer is "^" followed by a class name); it could instead be reported by `check`.
% (message text is a guess, to be aligned with the parser)
% expect error: line 10: multiple indirections
type pp_rectangle : class
    p1 : ^^point
endtype
