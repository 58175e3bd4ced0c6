% += -= *= /= update a variable.
a = 10
a += 5
print a
a -= 3
print a
a *= 2
print a
b = 10.0
b /= 4
print b
% expect: 15
% expect: 12
% expect: 24
% expect: 2.5
