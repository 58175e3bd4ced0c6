% spec: 004 §2.1 "Comments" (reference manual excerpt)
% repaired: nothing
% run: parse
% Comments are cool
