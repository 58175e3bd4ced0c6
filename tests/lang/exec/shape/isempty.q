% isempty is 1 for an array without elements.
print isempty(zeros(0)), " ", isempty(zeros(3)), " ", isempty(find([0,0]))
% expect: 1 0 1
