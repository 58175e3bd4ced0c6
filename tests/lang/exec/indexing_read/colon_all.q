% : alone selects a whole dimension.
a = [10,20,30]
print a[:]
A = [[1,2],[3,4]]
print A[:,:]
% expect: [10,20,30]
% expect: [[1,2],[3,4]]
