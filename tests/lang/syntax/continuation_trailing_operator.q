% run: dump
% pins: a line ending in a binary operator, '=', '->', '?' or '..' continues
y = a +
    b
z = a &&
    b
w = x ->
    x * 2
q = c ?
    1 : 2
r = 0..
    9
s =
    5
% expect: (= y (+ a b))
% expect: (= z (&& a b))
% expect: (= w (lambda (x) (* x 2)))
% expect: (= q (? c 1 2))
% expect: (= r (.. 0 9))
% expect: (= s 5)
