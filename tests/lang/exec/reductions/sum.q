% sum over all elements.
print sum([1,2,3]), " ", sum([[1,2],[3,4]]), " ", sum(ones(2,3,4)), " ", sum([0.5, 0.25])
% expect: 6 10 24 0.75
