% 'safe: reads outside the array give 0.
a : vec'safe = [1,2,3]
print a[-1], " ", a[3], " ", a[1]
% expect: 0 0 2
