% Empty arrays: isempty and numel.
print isempty(zeros(0)), " ", numel(zeros(0))
print isempty([1]), " ", isempty(1..0)
% expect: 1 0
% expect: 0 1
