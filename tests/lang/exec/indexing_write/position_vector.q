% A[pos] = v with a position vector writes that element.
A = zeros(2,2)
pos = [1,0]
A[pos] = 5
print A
% expect: [[0,0],[5,0]]
