% spec: 004 §2.4.2 "Device functions" (reference manual excerpt)
% repaired: "->" restored; "[x[1], x[0]]" is "[-x[1], x[0]]" (minus lost: the result must be orthogonal)
% run: exec
% example: orth
orth = __device__ (x : vec2) -> [-x[1], x[0]]
