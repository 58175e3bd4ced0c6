% ones fills with 1.
print ones(3)
print ones(2,2)
print sum(ones(4,5,6))
% expect: [1,1,1]
% expect: [[1,1],[1,1]]
% expect: 120
