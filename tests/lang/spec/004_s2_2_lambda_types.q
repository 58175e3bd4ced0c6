% spec: 004 §2.2 "A brief introduction of the type system" (reference manual excerpt)
% repaired: "->" restored; the types of the list written as declarations
% run: parse
% example: explicitly typed lambda expressions
f1 : [int -> int]
f2 : [(mat, scalar) -> (mat, mat)]
f3 : [int -> int -> int]
f4 : [...scalar -> scalar]
