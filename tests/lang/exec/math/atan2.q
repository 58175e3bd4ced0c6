% atan2(y, x) takes the quadrant into account.
print atan2(1, 1), " ", atan2(1, -1), " ", atan2(-1, 0), " ", atan2(0, 1)
% expect: 0.785398 2.35619 -1.5708 0
