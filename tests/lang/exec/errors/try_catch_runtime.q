% try/catch catches a runtime error such as an index out of range.
a = [1,2]
try
    y = a[5]
    print "not reached"
catch
    print "caught"
endtry
print "after"
% expect: caught
% expect: after
