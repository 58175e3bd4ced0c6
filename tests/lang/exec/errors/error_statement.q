% error "text ", value stops the program with the concatenated message.
print "before"
error "text ", 5
print "after"
% expect: before
% expect error: line 3: text 5
