% asin, acos, atan.
print asin(1), " ", asin(0.5), " ", asin(0)
print acos(1), " ", acos(0), " ", acos(-1)
print atan(1), " ", atan(0)
% expect: 1.5708 0.523599 0
% expect: 0 1.5708 3.14159
% expect: 0.785398 0
