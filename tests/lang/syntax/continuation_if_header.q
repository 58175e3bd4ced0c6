% run: dump
% pins: a block header continues over a trailing operator
if a &&
   b
    x = 1
endif
% expect: if (&& a b)
% expect:   (= x 1)
