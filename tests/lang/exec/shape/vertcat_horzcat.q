% vertcat stacks rows, horzcat joins columns.
print vertcat([[1,2],[3,4]], [[5,6]])
print horzcat([[1],[2]], [[3],[4]])
print horzcat([1,2], [3])
% expect: [[1,2],[3,4],[5,6]]
% expect: [[1,3],[2,4]]
% expect: [1,2,3]
