% sin, cos, tan.
print sin(0), " ", cos(0), " ", tan(0)
print sin(1), " ", cos(1), " ", tan(1)
print sin(pi/2), " ", cos(pi)
% expect: 0 1 0
% expect: 0.841471 0.540302 1.55741
% expect: 1 -1
