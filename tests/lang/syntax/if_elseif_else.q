% run: dump
% pins: if / elseif / else: the arms print at the header's level, bodies indented, no closing line
if a == 2
    x = 1
elseif a == 3
    x = 2
else
    x = 3
endif
% expect: if (== a 2)
% expect:   (= x 1)
% expect: elseif (== a 3)
% expect:   (= x 2)
% expect: else
% expect:   (= x 3)
