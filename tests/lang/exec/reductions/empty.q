% The sum of no elements is 0, their product 1.
print sum(zeros(0)), " ", prod(zeros(0))
% expect: 0 1
