% for over a range with a negative step.
for i = 10..-3..1
    print i
endfor
% expect: 10
% expect: 7
% expect: 4
% expect: 1
