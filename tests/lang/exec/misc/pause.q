% pause(0) returns at once.
pause(0)
print "ok"
% expect: ok
