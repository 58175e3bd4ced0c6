% An operation of a vector and a scalar applies to every element.
a = [1,2,3]
print a + 1
print a * 2
print 10 - a
print a / 2
% expect: [2,3,4]
% expect: [2,4,6]
% expect: [9,8,7]
% expect: [0.5,1,1.5]
