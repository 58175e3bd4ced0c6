% Strings in double or single quotes; each may contain the other quote.
s = "hello"
print s
print 'single quoted'
print "with 'inner' quotes"
print 'with "inner" quotes'
% expect: hello
% expect: single quoted
% expect: with 'inner' quotes
% expect: with "inner" quotes
