% spec: 001 "Boundary access modes in Quasar" (language notes)
% repaired: nothing
% run: exec
% example: access modifiers are not part of the object
A : mat'circular = ones(10, 10)
B = A % boundary access mode: B : mat'circular
C : mat'unchecked = A
