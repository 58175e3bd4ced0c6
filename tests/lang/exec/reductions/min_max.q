% min and max over all elements.
print min([4,2,8]), " ", max([4,2,8])
print max([[1,9],[3,4]]), " ", min([[1,9],[3,4]])
print max([-1,-5])
% expect: 2 8
% expect: 9 1
% expect: -1
