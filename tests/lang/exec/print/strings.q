% Strings print as they are; a backslash in a string is not an escape.
print "hello world"
print 'single quoted'
print "a\nb"
print ""
print "end"
% expect: hello world
% expect: single quoted
% expect: a\nb
% expect:
% expect: end
