% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: exec
% example: 3D matrix
a = [[[1,2],[3,4]],[[5,6],[7,8]]]
