% A[pos] with a vector of one index per dimension reads that element.
A = [[1,2],[3,4]]
pos = [1,0]
print A[pos]
% expect: 3
