% == and != compare strings.
print "abc" == "abc"
print "abc" == "abd"
print "abc" != "abd"
print "ab" == "abc"
% expect: 1
% expect: 0
% expect: 1
% expect: 0
