% The elements of a column slice, independent of its shape.
A = [[1,2,3],[4,5,6]]
c = A[:,2]
print numel(c), " ", c[0], " ", c[1], " ", sum(c)
% expect: 2 3 6 9
