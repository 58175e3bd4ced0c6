% reshape keeps the row-major order of the elements.
b = reshape(0..5, [2,3])
print b
print reshape(b, [3,2])
print reshape(b, [6])
% expect: [[0,1,2],[3,4,5]]
% expect: [[0,1],[2,3],[4,5]]
% expect: [0,1,2,3,4,5]
