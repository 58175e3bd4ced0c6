% sprintf returns the formatted string.
s = sprintf("%03d", 7)
print s
print sprintf("%x", 255)
print sprintf("%.3f", 2.0/3)
print type(sprintf("%d", 1))
% expect: 007
% expect: ff
% expect: 0.667
% expect: string
