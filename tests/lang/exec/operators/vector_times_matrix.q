% A vector times a matrix treats the vector as a 1xN row.
r = [1,1] * [[1,2],[3,4]]
print numel(r)
print r[0], " ", r[1]
% expect: 2
% expect: 4 6
