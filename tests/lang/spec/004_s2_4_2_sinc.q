% spec: 004 §2.4.2 "Device functions" (reference manual excerpt)
% repaired: "->" restored; the two statements glued on one line split
% run: exec
% example: sinc, called from host code
sinc = __device__ (x:scalar) -> x == 0 ? 1.0 : sin(x)/x
print sinc(0) % call the device function
% expect: 1
