% cube[uint8](...), vec[int](n), mat[int16](m, n) make arrays of integer elements.
a = cube[uint8](2,2,2)
print type(a)
print a[0,0,0]
b = vec[int](3)
print b, " ", type(b)
m = mat[int16](2,2)
print type(m)
% expect: cube[uint8]
% expect: 0
% expect: [0,0,0] vec[int]
% expect: mat[int16]
