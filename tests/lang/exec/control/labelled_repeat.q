% continue label on a repeat loop goes on to its until test.
count = 0
again:
repeat
    count += 1
    for j = 0..9
        if j == 2
            continue again
        endif
    endfor
    print "not reached"
until count >= 3
print count
% expect: 3
