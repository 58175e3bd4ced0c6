% run: dump
% pins: reals with an integral value print in decimal with '.0' (the doc's own example: 1.9e4 -> 19000.0)
d = 1.9e4
g = 2.5e3
h = 1E3
k = 100.0
% expect: (= d 19000.0)
% expect: (= g 2500.0)
% expect: (= h 1000.0)
% expect: (= k 100.0)
