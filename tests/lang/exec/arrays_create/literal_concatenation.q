% A vector inside a vector literal is concatenated, as in [dims, sz].
a = [1,2]
print([a, 3])
print([0, a, a])
% expect: [1,2,3]
% expect: [0,1,2,1,2]
