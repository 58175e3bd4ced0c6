% cell(n) makes a cell vector whose elements can hold any value.
c = cell(3)
print size(c)
c[0] = 1
c[1] = "two"
c[2] = [3,4]
print c
% expect: [3]
% expect: {1,two,[3,4]}
