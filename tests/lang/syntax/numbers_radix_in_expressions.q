% run: dump
% pins: radix literals are ordinary operands
x = 1Fh + 10b
y = [0Ah, 0Bh, 7o]
z = a[0Ch]
% expect: (= x (+ 31 2))
% expect: (= y [10 11 7])
% expect: (= z (index a 12))
