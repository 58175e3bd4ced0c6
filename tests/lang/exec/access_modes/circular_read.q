% 'circular: indices wrap around.
a : vec'circular = [1,2,3]
print a[-1], " ", a[3], " ", a[4], " ", a[-4]
% expect: 3 1 2 3
