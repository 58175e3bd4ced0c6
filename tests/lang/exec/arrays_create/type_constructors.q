% vec(n), mat(m, n) and cube(m, n, p) construct zero-filled arrays.
v = vec(3)
print v
m = mat(2,2)
print m
c = cube(2,2,2)
print size(c)
% expect: [0,0,0]
% expect: [[0,0],[0,0]]
% expect: [2,2,2]
