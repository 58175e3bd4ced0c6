% Comparisons of arrays are elementwise, with a scalar or a same-size array.
a = [1,5,3]
print a > 2
print a == 3
print a <= 3
print a != 5
print a > [0,6,3]
% expect: [0,1,1]
% expect: [0,0,1]
% expect: [1,0,1]
% expect: [1,0,1]
% expect: [1,0,0]
