% if/else picks a branch by the condition.
x = 5
if x > 3
    print "big"
else
    print "small"
endif
x = 1
if x > 3
    print "big"
else
    print "small"
endif
% expect: big
% expect: small
