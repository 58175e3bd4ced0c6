% run: dump
% pins: several elseif arms without an else
if a == 1
    x = 1
elseif a == 2
    x = 2
elseif a == 3
    x = 3
endif
% expect: if (== a 1)
% expect:   (= x 1)
% expect: elseif (== a 2)
% expect:   (= x 2)
% expect: elseif (== a 3)
% expect:   (= x 3)
