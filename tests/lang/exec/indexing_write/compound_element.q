% Compound assignment to an element.
a = [1,2,3]
a[1] += 10
print a
A = ones(2,2)
A[0,1] *= 5
print A
% expect: [1,12,3]
% expect: [[1,5],[1,1]]
