% A range binds more loosely than + and -: 0..n-1; 2.^(1..4) raises 2 to each element.
n = 3
print 0..n-1
print 2.^(1..4)
% expect: [0,1,2]
% expect: [2,4,8,16]
