% sign is -1, 0 or 1.
print sign(-3), " ", sign(0), " ", sign(2.5)
print sign([-2, 0, 5])
% expect: -1 0 1
% expect: [-1,0,1]
