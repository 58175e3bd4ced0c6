% spec: 004 §2.1 "Assignment expressions" (reference manual excerpt)
% repaired: the inline snippets of the prose, one per line
% run: exec
a = b = 1
[a, b] = [1, 2]
a=1; b=2
[a, b]=[b, a]
