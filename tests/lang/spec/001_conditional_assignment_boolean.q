% spec: 001 "Matrix Conditional Assignment" (language notes)
% repaired: nothing
% run: parse
% example: conditional assignment with a boolean expression
% Note: "A<-0.1" is "A < -0.1" here (not the atomic exchange "<-", which is a statement form).
A[A<-0.1 || A>0.1] = 5
