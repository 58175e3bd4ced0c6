% ndims gives the number of dimensions.
print ndims(zeros(4)), ndims(zeros(2,2)), ndims(zeros(2,2,2)), ndims(zeros(2,2,2,2))
% expect: 1234
