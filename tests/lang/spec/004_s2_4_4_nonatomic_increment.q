% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: nothing (inline snippet of the prose)
% run: parse
% example: non-atomic counterpart
y[pos] = y[pos] + 1
