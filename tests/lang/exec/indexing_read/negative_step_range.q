% A range with a negative step reads backwards.
a = [10,20,30,40,50]
print a[4..-1..0]
print a[3..-2..0]
% expect: [50,40,30,20,10]
% expect: [40,20]
