% continue skips to the next iteration, break leaves the loop.
for i = 0..9
    if i == 2
        continue
    endif
    if i == 5
        break
    endif
    print i
endfor
% expect: 0
% expect: 1
% expect: 3
% expect: 4
