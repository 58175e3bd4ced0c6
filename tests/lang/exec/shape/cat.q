% cat(d, A, B) concatenates along the zero-based dimension d.
print cat(0, [[1,2]], [[3,4]])
print cat(1, [[1],[2]], [[3],[4]])
% expect: [[1,2],[3,4]]
% expect: [[1,3],[2,4]]
