% print(a, b) is the same statement as print a, b.
print("x=", 3)
print(7)
% expect: x=3
% expect: 7
