% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: type annotations
[A : ccube, B : vec] = load("myfile.dat")
