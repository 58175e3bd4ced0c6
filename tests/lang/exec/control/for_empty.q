% A for over an empty range runs no iteration.
for i = 1..0
    print i
endfor
print "done"
% expect: done
