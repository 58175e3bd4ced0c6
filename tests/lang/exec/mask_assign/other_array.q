% The mask may come from another array of the same size.
A = [1,2,3]
B = [0,1,0]
A[B == 1] = -1
print A
% expect: [1,-1,3]
