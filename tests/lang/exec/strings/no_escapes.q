% Strings have no escapes: "C:\data\" is a whole string.
p = "C:\data\"
print p
print strcat(p, "x")
% expect: C:\data\
% expect: C:\data\x
