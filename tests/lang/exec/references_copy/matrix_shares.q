% Matrices are shared the same way.
M = zeros(2,2)
N = M
N[1,1] = 4
print M
% expect: [[0,0],[0,4]]
