% run: dump
% pins: ';' separates statements on one line; a trailing ';' is allowed
a = 1; b = 2; c = 3
d = 4;
print a; print b
% expect: (= a 1)
% expect: (= b 2)
% expect: (= c 3)
% expect: (= d 4)
% expect: (print a)
% expect: (print b)
