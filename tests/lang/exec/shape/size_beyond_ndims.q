% size(A, d) for d >= ndims(A) is 1.
print size(zeros(2,3), 2)
print size(zeros(5), 1)
print size(zeros(5), 0)
% expect: 1
% expect: 1
% expect: 5
