% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: the table written as declarations, one per type and its shorthand; the dimension n of cube{n} is written as 4; import of inttypes.q added (the table note requires it for ivec, imat, icube)
% run: parse
% example: Table 2.2, main primitive types
import "inttypes.q"
% integer number
i0 : int
i1 : ivec
i1b : vec[int]
i2 : imat
i2b : mat[int]
i3 : icube
i3b : cube[int]
i4 : icube{4}
i4b : cube{4}[int]
% scalar number
s0 : scalar
s1 : vec
s1b : vec[scalar]
s2 : mat
s2b : mat[scalar]
s3 : cube
s3b : cube[scalar]
s4 : cube{4}
s4b : cube{4}[scalar]
% complex scalar number
c0 : cscalar
c1 : cvec
c1b : vec[cscalar]
c2 : cmat
c2b : mat[cscalar]
c3 : ccube
c3b : cube[cscalar]
c4 : ccube{4}
c4b : cube{4}[cscalar]
