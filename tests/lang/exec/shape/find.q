% find gives the zero-based (linear) indices of the nonzero elements.
print find([0,3,0,5])
print find([0,0])
print find([[0,1],[1,0]])
print find([1,5,3] > 2)
% expect: [1,3]
% expect: []
% expect: [1,2]
% expect: [1,2]
