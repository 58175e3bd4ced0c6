% Compound assignments on arrays are elementwise.
v = [1,2,3]
v += 1
print v
v *= 2
print v
v -= [1,1,1]
print v
v /= 2
print v
% expect: [2,3,4]
% expect: [4,6,8]
% expect: [3,5,7]
% expect: [1.5,2.5,3.5]
