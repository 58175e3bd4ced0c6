% spec: 001 "Summary" (language notes)
% repaired: the types named in the list written as declarations
% run: parse
% example: function types, device and kernel function types
f1 : [?? -> ??]
f2 : [(??,??)->(??,??)]
f3 : [__device__ ?? -> ??]
f4 : [__kernel__ ?? -> ??]
