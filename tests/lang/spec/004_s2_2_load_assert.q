% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: load and type assertions
[A, B] = load("myfile.dat")
assert(type(A,"ccube"))
assert(type(B,"vec"))
