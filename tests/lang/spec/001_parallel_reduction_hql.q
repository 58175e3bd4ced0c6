% spec: 001 "Parallel reduction patterns" (language notes)
% repaired: nothing
% run: parse
% example: HQL variant
A = zeros(2,2)
#pragma force_parallel
for i=0..255
    A[0,0] += x[i,0]*y[i,0]
    A[0,1] += x[i,0]*y[i,1]
    A[1,0] += x[i,1]*y[i,0]
    A[1,1] += x[i,1]*y[i,1]
end
