% Nested for loops.
for i = 0..2
    for j = 0..1
        print i, ",", j
    endfor
endfor
% expect: 0,0
% expect: 0,1
% expect: 1,0
% expect: 1,1
% expect: 2,0
% expect: 2,1
