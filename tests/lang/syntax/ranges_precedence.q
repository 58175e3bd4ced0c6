% run: dump
% pins: a range binds looser than + - * and unary minus, tighter than comparisons
a = x + 1..y * 2
b = -1..1
c = 0..n == y
d = lo..step+1..hi-1
% expect: (= a (.. (+ x 1) (* y 2)))
% expect: (= b (.. (neg 1) 1))
% expect: (= c (== (.. 0 n) y))
% expect: (= d (.. lo (+ step 1) (- hi 1)))
