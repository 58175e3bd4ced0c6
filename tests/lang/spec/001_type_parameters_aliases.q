% spec: 001 "Type parameters" (language notes)
% repaired: nothing
% run: parse
% example: built-in type aliases
type vec : vec[scalar] % real-valued vector
type cvec : vec[cscalar] % complex-valued vector
type mat : mat[scalar] % real-valued vector
type cmat : mat[cscalar] % complex-valued vector
type cube : cube[scalar] % real-valued vector
type ccube : cube[cscalar] % complex-valued vector
