% mod of a vector and of a negative real.
print mod([5,6,7], 3)
print mod(-0.5, 2)
% expect: [2,0,1]
% expect: 1.5
