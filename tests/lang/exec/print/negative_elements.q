% Negative elements and small values inside arrays.
print([-1, 0.5, -2.25])
print([[-1, 0], [0.001, -1e-5]])
% expect: [-1,0.5,-2.25]
% expect: [[-1,0],[0.001,-1e-05]]
