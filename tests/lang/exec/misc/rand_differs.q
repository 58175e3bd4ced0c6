% Two calls of rand give different values.
a = rand(10)
b = rand(10)
print any(a != b)
% expect: 1
