% break leaves a while loop.
k = 0
while 1
    k += 1
    if k == 4
        break
    endif
endwhile
print k
% expect: 4
