% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: the types named in the prose written as declarations
% run: parse
% example: dimensional types
a : cube{4}
b : cube{:}
c : ccube{:}
d : cube(:,:,3)
