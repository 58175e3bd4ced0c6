% spec: 001 "Matrix Conditional Assignment" (language notes)
% repaired: nothing
% run: parse
% example: logical indexing, not defined yet
% The spec: this currently results in a run-time error (not a syntax error).
% Note: "A<-0.1" is "A < -0.1" here.
B = A[A<-0.1]
