% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: nothing
% run: parse
% example: assertions bounding shared memory
assert(M<8 && N<20 && K<4)
x = shared(M,N,K)
