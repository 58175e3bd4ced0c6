% spec: 001 "Matrix Conditional Assignment" (language notes)
% repaired: nothing
% run: parse
% example: saturation, MATLAB style
% Shown as MATLAB code; it is also Quasar syntax (made to work by the reductions of system.q).
A[A < 0] = 0
A[A > 1] = 1
