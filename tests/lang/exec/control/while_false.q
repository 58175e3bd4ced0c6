% A while whose condition is false at the start never runs.
while 0
    print "never"
endwhile
print "end"
% expect: end
