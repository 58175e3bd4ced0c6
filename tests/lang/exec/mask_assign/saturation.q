% MATLAB-style saturation with two masks equals saturate().
A = [-0.5, 0.5, 1.5]
A[A < 0] = 0
A[A > 1] = 1
print A
print saturate([-0.5, 0.5, 1.5])
% expect: [0,0.5,1]
% expect: [0,0.5,1]
