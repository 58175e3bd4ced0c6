% + - .* ./ .^ act elementwise on vectors of the same size.
a = [1,2,3]
b = [4,5,6]
print a + b
print a - b
print a .* b
print b ./ a
print a .^ 2
print 2 .^ a
% expect: [5,7,9]
% expect: [-3,-3,-3]
% expect: [4,10,18]
% expect: [4,2.5,2]
% expect: [1,4,9]
% expect: [2,4,8]
