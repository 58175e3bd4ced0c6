% spec: 004 §2.1 "Sequences" (reference manual excerpt)
% repaired: lost opening quote in the last print: print "sum = ", ...
% run: exec
% example: Example
a = 1..2..10
b = sum(a)
c = linspace(1, 2, 5)
print "a = ", a, "c = ", c
% spec output: (not given verbatim; the text says c = [1,1.25,1.5,1.75,2])
print "sum = ", [b, sum(c)]
% expect: a = [1,3,5,7,9]c = [1,1.25,1.5,1.75,2]
% expect: sum = [25,7.5]
