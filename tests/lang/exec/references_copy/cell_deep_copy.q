% copy() of a cell copies its elements recursively.
a = `[1,2], 5'
b = copy(a)
b[0][0] = 9
print a[0], " ", b[0]
% expect: [1,2] [9,2]
