% spec: 001 "Construction of Cell matrices" (language notes)
% repaired: nothing
% run: exec
% example: the old-fashioned alternative with cell
A = cell(4)
A[0] = 1j
A[1] = 2j
A[2] = 3j
A[3] = 4j
