% spec: 004 §2.1 "Lambda expressions" (reference manual excerpt)
% repaired: first " >" is "->" (the second is the comparison); "x  1" is "x - 1"
% run: exec
% example: recursive lambda
factorial = x -> x > 0 ? x * factorial(x - 1) : 1
