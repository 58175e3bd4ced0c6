% Index expressions are evaluated.
a = 10..10..50
i = 1
print a[i+1], " ", a[2*i+2]
print a[numel(a)-1]
% expect: 30 50
% expect: 50
