% Binary (b), octal (o) and hexadecimal (h) literals are integers.
print 1011b
print 17o
print 1Fh
print 0FFh
print 0ECD3Fh
print 1Fh + 1
% expect: 11
% expect: 15
% expect: 31
% expect: 255
% expect: 970047
% expect: 32
