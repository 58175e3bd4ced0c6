% spec: 001 "Boundary access modes in Quasar" (language notes)
% repaired: nothing
% run: exec
% example: writing with 'circular
A : vec'circular = [1, 2, 3]
A[-1] = 0 % Value neglected
