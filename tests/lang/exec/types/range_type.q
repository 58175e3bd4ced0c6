% A range is a vec.
print type(0..3)
print type(0..0.5..1)
% expect: vec
% expect: vec
