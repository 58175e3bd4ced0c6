% The result of size can be indexed directly: size(A)[1].
print size(zeros(4,5))[1]
print size(eye(3))[0] + 1
% expect: 5
% expect: 4
