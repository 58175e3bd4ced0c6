% run: dump
% pins: chained assignment is right-associative: a = b = 1
a = b = 1
a = b = c = 0
y = k = f(x)
% expect: (= a (= b 1))
% expect: (= a (= b (= c 0)))
% expect: (= y (= k (call f x)))
