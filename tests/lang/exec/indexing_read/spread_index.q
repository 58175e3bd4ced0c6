% The spread operator unpacks a vector into indices: C[...pos, 1].
C = reshape(0..7, [2,2,2])
pos = [1,0]
print C[...pos, 1]
print C[pos[0], pos[1], 1]
% expect: 5
% expect: 5
