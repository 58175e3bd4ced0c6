% zeros(m, n, p) is a cube.
c = zeros(2,2,2)
print size(c)
print c
print ndims(c)
% expect: [2,2,2]
% expect: [[[0,0],[0,0]],[[0,0],[0,0]]]
% expect: 3
