% spec: 004 §2.1 "Cell matrices" (reference manual excerpt)
% repaired: the inline snippets of the prose, one per line
% run: parse
% example: operations on cell matrices
C = B+A
C = B*4
C = max(B,4)
