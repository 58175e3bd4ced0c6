% Arithmetic on cells of the same structure applies to each element.
a = `[1,2], 3'
b = `[10,20], 4'
print a + b
print a * 2
print b - a
% expect: {[11,22],7}
% expect: {[2,4],6}
% expect: {[9,18],1}
