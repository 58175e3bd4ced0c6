% spec: 004 §2.1 "Assignment expressions" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: placeholder _
[a, _] = [1,2]
[_, b] = [1,2]
