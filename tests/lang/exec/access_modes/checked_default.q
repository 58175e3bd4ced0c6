% Reading outside an array is an error on the host by default ('checked).
a = [1,2,3]
print a[2]
x = a[3]
print "not reached"
% expect: 3
% expect error: line 4: index out of range: a[3] with size(a) = [3]
