% The dimensions may be given as a vector.
a = ones([2,3])
print size(a)
dims = [4, 5, 6]
b = ones(dims)
print size(b)
print numel(b)
% expect: [2,3]
% expect: [4,5,6]
% expect: 120
