% run: dump
% pins: lambdas with one bare parameter, a parenthesized list, and no parameters
v = (x, y) -> 2*x + y
u = x -> 2*x
n = () -> 1
s = (x) -> x
% expect: (= v (lambda (x y) (+ (* 2 x) y)))
% expect: (= u (lambda (x) (* 2 x)))
% expect: (= n (lambda () 1))
% expect: (= s (lambda (x) x))
