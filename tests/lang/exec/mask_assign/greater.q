% A[A > b] = c sets the elements that satisfy the condition.
A = [1,5,3,7]
A[A > 2] = 0
print A
% expect: [1,0,0,0]
