% numel(X) is the number of elements, prod(size(X)).
A = zeros(2,3,4)
print numel(zeros(2,3)), " ", numel(zeros(7)), " ", numel(A)
print numel(A) == prod(size(A))
print numel(5)
% expect: 6 7 24
% expect: 1
% expect: 1
