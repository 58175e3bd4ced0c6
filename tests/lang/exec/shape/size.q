% size(A) is the vector of dimensions; size(A, d) one of them (zero-based d).
A = zeros(2,3,4)
print size(A)
print size(A,0), " ", size(A,1), " ", size(A,2)
% expect: [2,3,4]
% expect: 2 3 4
