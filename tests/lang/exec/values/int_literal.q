% An integer literal is an int and prints in decimal, negative ones with a minus sign.
a = 42
print a
print -7
print 0
print 123456789
% expect: 42
% expect: -7
% expect: 0
% expect: 123456789
