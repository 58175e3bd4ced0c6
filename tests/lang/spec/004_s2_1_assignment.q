% spec: 004 §2.1 "Assignment expressions" (reference manual excerpt)
% repaired: nothing
% run: exec
cool = 1
quasar = cool
