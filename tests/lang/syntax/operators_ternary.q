% run: dump
% pins: the conditional c ? a : b, right-associative, with a condition in parentheses
y = c ? a : b
z = c ? a : d ? e : f
w = (x > T) ? x - T : 0
% expect: (= y (? c a b))
% expect: (= z (? c a (? d e f)))
% expect: (= w (? (> x T) (- x T) 0))
