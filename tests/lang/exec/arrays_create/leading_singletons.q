% Creation functions drop leading singleton dimensions: zeros(1,5) is a vec of 5.
print size(zeros(1,5))
print ndims(zeros(1,5))
print size(zeros([1,1,4]))
print size(zeros(3,1))
print ndims(zeros(3,1))
% expect: [5]
% expect: 1
% expect: [4]
% expect: [3,1]
% expect: 2
