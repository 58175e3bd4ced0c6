% spec: 004 §2.4.1 "Basic usage: kernel functions" (reference manual excerpt)
% repaired: the list written as declarations with X=4, Y=3, Z=2; the shortcut of cvec(X) is cvecX (the text says ivecX)
% run: parse
% example: vector and matrix types with size constraints
a1 : vec(4)
a2 : vec4
b1 : ivec(4)
b2 : ivec4
c1 : cvec(4)
c2 : cvec4
d1 : mat(4,3)
d2 : mat4x3
e1 : cube(4,3,2)
e2 : cube4x3x2
f : int
