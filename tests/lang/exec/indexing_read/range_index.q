% A range selects several elements.
a = [10,20,30,40,50]
print a[1..3]
print a[0..2..4]
% expect: [20,30,40]
% expect: [10,30,50]
