% spec: 004 §2.1 "Sequences" (reference manual excerpt)
% repaired: nothing
% run: exec
a=0..9
b=0..2..6
% equivalent to:
a=[0,1,2,3,4,5,6,7,8,9]
b=[0,2,4,6]
