% 'mirror: indices outside are mirrored at the boundaries (the boundary sample repeated).
a : vec'mirror = [1,2,3]
print a[-1], " ", a[3], " ", a[-2], " ", a[4]
% expect: 1 3 2 2
