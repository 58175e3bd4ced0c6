% Writing a scalar to a whole column broadcasts it.
A = zeros(2,3)
A[:,1] = 7
print A
% expect: [[0,7,0],[0,7,0]]
