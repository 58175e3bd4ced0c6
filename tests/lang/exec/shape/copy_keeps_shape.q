% copy keeps the shape and the values.
a = reshape(0..5, [2,3])
b = copy(a)
print size(b)
print b
% expect: [2,3]
% expect: [[0,1,2],[3,4,5]]
