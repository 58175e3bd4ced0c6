% run: dump
% pins: comparisons bind tighter than &&, && tighter than ||; comparisons are left-associative
a = x < y && z > w || v
b = p || q && r
c = !x == y
d = x < y == z
e = x + 1 >= y * 2
% expect: (= a (|| (&& (< x y) (> z w)) v))
% expect: (= b (|| p (&& q r)))
% expect: (= c (== (! x) y))
% expect: (= d (== (< x y) z))
% expect: (= e (>= (+ x 1) (* y 2)))
