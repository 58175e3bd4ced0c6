% && || ! are elementwise on arrays.
a = [1,0,1]
b = [1,1,0]
print a && b
print a || b
print !a
% expect: [1,0,0]
% expect: [1,1,1]
% expect: [0,1,0]
