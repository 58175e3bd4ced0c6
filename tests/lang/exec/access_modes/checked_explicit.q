% 'checked on a variable: reading outside is an error.
a : vec'checked = [1,2]
print a[1]
x = a[2]
% expect: 2
% expect error: line 4: index out of range: a[2] with size(a) = [2]
