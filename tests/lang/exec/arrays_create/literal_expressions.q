% Matrix literal elements are expressions.
x = 2
print([x, x*2, x^2])
print([[x, 0], [0, x]])
% expect: [2,4,4]
% expect: [[2,0],[0,2]]
