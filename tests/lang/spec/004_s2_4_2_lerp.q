% spec: 004 §2.4.2 "Device functions" (reference manual excerpt)
% repaired: "->" restored; "b  a" is "b - a"
% run: exec
% example: lerp
lerp = __device__ (a : scalar, b : scalar, d : scalar) -> a + (b - a) * d
