% vertcat of two row vectors is a 2-row matrix.
print vertcat([1,2], [3,4])
% expect: [[1,2],[3,4]]
