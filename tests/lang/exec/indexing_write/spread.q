% The spread operator in a written index: C[...pos, 0] = 9.
C = zeros(2,2,2)
pos = [1,1]
C[...pos, 0] = 9
print C[1,1,0], " ", sum(C)
% expect: 9 9
