% min(a, b) and max(a, b) of scalars and elementwise of arrays.
print min(3, 5), " ", max(3, 5), " ", min(-1, 2.5)
print max([1,5,3], [4,2,6])
print min([1,5,3], 2)
% expect: 3 5 -1
% expect: [4,5,6]
% expect: [1,2,2]
