% The nesting depth of a matrix literal gives its rank.
a = [[1,2,3],[4,5,6]]
print size(a)
print ndims([1,2,3]), ndims(a), ndims([[[1,2],[3,4]],[[5,6],[7,8]]])
% expect: [2,3]
% expect: 123
