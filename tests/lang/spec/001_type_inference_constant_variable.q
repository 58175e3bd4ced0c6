% spec: 001 "Type inference" (language notes)
% repaired: nothing (inline snippet of the prose)
% run: exec
% example: constant vector passed to zeros
sz = [1,1,4]; A = zeros(sz)
