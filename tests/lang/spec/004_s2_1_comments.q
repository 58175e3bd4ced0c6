% spec: 004 §2.1 "Comments" (reference manual excerpt)
% repaired: nothing
% run: exec
% Comments are cool
