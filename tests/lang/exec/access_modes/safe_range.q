% 'safe with a range reaching outside on both sides.
a : vec'safe = [1,2,3]
print a[-1..3]
% expect: [0,1,2,3,0]
