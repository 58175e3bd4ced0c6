% ^ is the power; -2^2 is -(2^2) and ^ associates to the left like MATLAB.
print 2^10
print 2^-1
print -2^2
print 2^3^2
print 4^0.5
% expect: 1024
% expect: 0.5
% expect: -4
% expect: 64
% expect: 2
