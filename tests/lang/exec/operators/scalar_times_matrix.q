% * with a scalar operand scales every element.
print 2 * [[1,2],[3,4]]
print([[1,2],[3,4]] * 0.5)
% expect: [[2,4],[6,8]]
% expect: [[0.5,1],[1.5,2]]
