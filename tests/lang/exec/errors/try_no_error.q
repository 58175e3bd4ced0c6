% Without an error the catch block does not run.
try
    print "body"
catch e
    print "handler"
endtry
print "end"
% expect: body
% expect: end
