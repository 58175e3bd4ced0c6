% Built-in names and type names need no definition.
% run: check
a = zeros(3, 3)
b = vec3(1, 2, 3)
c = sum(a) + pi + eps
d = cube(2, 2, 2)
e = int8(4) + uint32(2) + cscalar(1)
print a, b, c, d, e, max(1, 2), isnan(nan)
