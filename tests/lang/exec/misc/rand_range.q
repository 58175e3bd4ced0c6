% rand gives values in [0, 1) with the requested size.
r = rand(1000)
print all(r >= 0 && r < 1)
print size(rand(2,3))
% expect: 1
% expect: [2,3]
