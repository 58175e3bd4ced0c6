% A vector prints as [a,b,c] with no spaces, each element like a scalar.
print([1, 2, 3])
print([0.5, -1.25])
v = 1..4
print v
% expect: [1,2,3]
% expect: [0.5,-1.25]
% expect: [1,2,3,4]
