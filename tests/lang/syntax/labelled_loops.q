% run: dump
% pins: a label line before a loop, and break/continue naming it
outer:
for i = 0..9
    for j = 0..9
        if j == i
            continue outer
        endif
        if i + j > 10
            break outer
        endif
    endfor
endfor
% expect: outer:
% expect: for i (.. 0 9)
% expect:   for j (.. 0 9)
% expect:     if (== j i)
% expect:       continue outer
% expect:     if (> (+ i j) 10)
% expect:       break outer
