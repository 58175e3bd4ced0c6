% break label leaves the labelled outer loop.
outer:
for i = 0..3
    for j = 0..3
        if i * j == 2
            break outer
        endif
        print i, ",", j
    endfor
endfor
print "after"
% expect: 0,0
% expect: 0,1
% expect: 0,2
% expect: 0,3
% expect: 1,0
% expect: 1,1
% expect: after
