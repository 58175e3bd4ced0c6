% Reductions over all elements of a cube.
c = reshape(0..7, [2,2,2])
print sum(c), " ", mean(c), " ", max(c), " ", min(c)
% expect: 28 3.5 7 0
