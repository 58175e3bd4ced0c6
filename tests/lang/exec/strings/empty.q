% The empty string.
s = ""
print "<", s, ">"
print s == ""
% expect: <>
% expect: 1
