% spec: 004 §2.1 "Arrays" (reference manual excerpt)
% repaired: the inline snippets of the prose, one per line
% run: exec
a = [4, 5, 6, 7]
a = [[1,2],[2,1]]
