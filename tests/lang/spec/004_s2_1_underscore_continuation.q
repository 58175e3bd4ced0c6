% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: underscore at the line break
a = [[1,2], _
[2,1]]
