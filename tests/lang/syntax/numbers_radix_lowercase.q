% run: dump
% pins: radix suffixes and hexadecimal digits in lower case; hex digits that look like an exponent
a = 1fh
b = 0abch
c = 101b
d = 7o
e = 1Eh
f = 2E5h
% expect: (= a 31)
% expect: (= b 2748)
% expect: (= c 5)
% expect: (= d 7)
% expect: (= e 30)
% expect: (= f 741)
