% try/catch catches an error; the name after catch holds the message.
try
    error "bad ", 42
    print "not reached"
catch e
    print "caught: ", e
endtry
print "after"
% expect: caught: bad 42
% expect: after
