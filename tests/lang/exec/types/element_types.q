% cube means cube[scalar]; cube[??] matches any element type.
print type(cube[int](2,2,2), "cube")
print type(cube[int](2,2,2), "cube[??]")
print type(cube[scalar](2,2,2), "cube")
print type(vec[int](3), "vec[int]")
% expect: 0
% expect: 1
% expect: 1
% expect: 1
