% The matrix product works on complex matrices.
A = [[1j, 0], [0, 1]]
print A * [[1j], [1]]
% expect: [[-1+0j],[1+0j]]
