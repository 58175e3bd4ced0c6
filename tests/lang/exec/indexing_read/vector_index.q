% Indexing is zero-based.
a = [10,20,30]
print a[0], " ", a[2]
print a[1] + a[2]
% expect: 10 30
% expect: 50
