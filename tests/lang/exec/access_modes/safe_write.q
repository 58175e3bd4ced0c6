% 'safe: writes outside the array are ignored.
a : vec'safe = [1,2,3]
a[5] = 9
a[-1] = 9
a[1] = 7
print a
% expect: [1,7,3]
