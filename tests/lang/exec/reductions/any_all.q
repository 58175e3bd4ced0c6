% any and all over all elements.
print any([0,0,1]), any([0,0,0]), all([1,1,0]), all([1,2,3])
print any(zeros(2,2)), all(ones(2,2))
% expect: 1001
% expect: 01
