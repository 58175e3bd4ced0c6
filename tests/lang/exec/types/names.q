% type(x) names the type of a value.
print type(1)
print type(1.5)
print type(1j)
print type("s")
print type([1,2])
print type([[1,2],[3,4]])
print type(zeros(2,2,2))
print type(zeros(2,2,2,2))
% expect: int
% expect: scalar
% expect: cscalar
% expect: string
% expect: vec
% expect: mat
% expect: cube
% expect: cube{4}
