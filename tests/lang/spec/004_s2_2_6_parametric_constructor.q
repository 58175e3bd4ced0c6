% spec: 004 §2.2.6 "User-defined types, type definitions and pointers" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: construction without a type definition
% The spec says this is (currently) not supported; it is valid syntax (like mat[int8](rows,cols)).
a = vec[point](10)
