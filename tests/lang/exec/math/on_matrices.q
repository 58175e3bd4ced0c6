% Math functions apply to each element of a matrix.
print sqrt([[1,4],[9,16]])
print abs([[-1,2],[3,-4]])
print exp([0, 1])
% expect: [[1,2],[3,4]]
% expect: [[1,2],[3,4]]
% expect: [1,2.71828]
