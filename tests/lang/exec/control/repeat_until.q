% repeat ... until runs the body at least once and stops when the condition holds.
k = 0
repeat
    k += 1
until k >= 3
print k
repeat
    print "once"
until 1
% expect: 3
% expect: once
