% continue label goes to the next iteration of the labelled outer loop.
outer:
for i = 0..2
    for j = 0..2
        if j > i
            continue outer
        endif
        print i, ",", j
    endfor
endfor
% expect: 0,0
% expect: 1,0
% expect: 1,1
% expect: 2,0
% expect: 2,1
% expect: 2,2
