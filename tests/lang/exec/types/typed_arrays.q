% Arrays of integer elements name their element type.
print type(vec[int](3))
print type(mat[uint8](2,2))
print type(cube[int16](2,2,2))
% expect: vec[int]
% expect: mat[uint8]
% expect: cube[int16]
