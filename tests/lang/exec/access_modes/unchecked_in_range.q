% 'unchecked reads inside the array normally.
a : vec'unchecked = [1,2,3]
print a[0] + a[2]
% expect: 4
