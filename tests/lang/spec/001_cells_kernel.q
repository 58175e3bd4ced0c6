% spec: 001 "Type inference" (language notes)
% repaired: nothing (documented output added as "spec output" comments)
% run: parse
% example: typed cell matrix passed to a kernel function
d = `eye(4), ones(4,4)'
parallel_do(size(d[0]), d,
__kernel__ (d : vec[mat], pos : ivec2) -> d[0][pos] += d[1][pos])
print d[0]
% spec output: [ [2,1,1,1],
% spec output: [1,2,1,1],
% spec output: [1,1,2,1],
% spec output: [1,1,1,2] ]
