% run: dump
% pins: binary (b/B), octal (o/O) and hexadecimal (h/H) literals print in decimal
a = 1011b
b = 17o
c = 1Fh
d = 0ECD3Fh
e = 1011011B
f = 123456O
g = 0FFH
% expect: (= a 11)
% expect: (= b 15)
% expect: (= c 31)
% expect: (= d 970047)
% expect: (= e 91)
% expect: (= f 42798)
% expect: (= g 255)
