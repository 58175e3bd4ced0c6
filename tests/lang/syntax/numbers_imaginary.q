% run: dump
% pins: imaginary literals with suffix j or i print with j
a = 1j
b = 2i
c = 2.5i
d = 1 + 1j
e = 3 - 0.5j
% expect: (= a 1j)
% expect: (= b 2j)
% expect: (= c 2.5j)
% expect: (= d (+ 1 1j))
% expect: (= e (- 3 0.5j))
