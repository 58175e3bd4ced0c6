% spec: 001 "Type inference" (language notes)
% repaired: nothing (documented outputs added as "spec output" comments)
% run: parse
% example: type inference of cell matrices
a = `[1, 2],[1, 2, 3]'
print type(a) % Prints vec[vec[int]]
% spec output: vec[vec[int]]
b = `(x->2*x), (x->3*x), (x->4*x)'
print type(b) % Prints [ [??->??] ]
% spec output: [ [??->??] ]
c = ` `[1, 2],[1,2]',`[1, 2, 3],[4, 5, 6]' '
print type(c) % Prints vec[vec[vec[int]]]
% spec output: vec[vec[vec[int]]]
d = ` [ [2, 1], [1, 2] ], [ [4, 3], [3, 4] ]'
print type(d) % Prints vec[mat]
% spec output: vec[mat]
e = `(x:int->2*x), (x:int->3*x), (x:int->4*x)'
print type(e) % Prints vec[ [int->int] ]
% spec output: vec[ [int->int] ]
