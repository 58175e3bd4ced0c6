% Any nonzero number is true, zero is false.
if 2.5
    print "2.5 is true"
endif
if 0
    print "0 is true"
endif
if -1
    print "-1 is true"
endif
if 0.0
    print "0.0 is true"
endif
% expect: 2.5 is true
% expect: -1 is true
