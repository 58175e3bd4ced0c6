% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: statements split across lines
a = [[1,2],
[2,1]]
