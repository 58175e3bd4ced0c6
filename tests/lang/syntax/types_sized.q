% run: dump
% pins: size-constrained types: vec(4), vec3, ivec2, mat3x3, cube(:,:,3)
a : vec(4)
b : vec3
c : ivec2
d : mat3x3
e : cube(:,:,3)
% expect: (: a vec(4))
% expect: (: b vec3)
% expect: (: c ivec2)
% expect: (: d mat3x3)
% expect: (: e cube(:,:,3))
