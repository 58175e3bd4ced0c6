% Summing a comparison counts the elements that satisfy it.
print sum([1,5,3] > 2)
A = [[1,2,3],[4,5,6]]
print sum(A > 2)
% expect: 2
% expect: 4
