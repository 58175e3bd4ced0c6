% run: dump
% pins: double-quoted strings have no backslash escapes: "C:\data\" is a whole string
p = "C:\data\"
q = "a\nb"
r = "it's"
print "C:\"
% expect: (= p "C:\data\")
% expect: (= q "a\nb")
% expect: (= r "it's")
% expect: (print "C:\")
