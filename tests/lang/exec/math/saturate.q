% saturate clamps to [0, 1].
print saturate(1.5), " ", saturate(-0.5), " ", saturate(0.25)
print saturate([-1, 0.5, 2])
% expect: 1 0 0.25
% expect: [0,0.5,1]
