% An unlabelled break leaves only the innermost loop.
for m = 0..2
    for n = 0..2
        if n == 1
            break
        endif
        print m, ",", n
    endfor
endfor
% expect: 0,0
% expect: 1,0
% expect: 2,0
