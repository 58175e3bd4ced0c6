% run: dump
% pins: ?: binds looser than ||, a lambda body takes a whole conditional, = takes a lambda
y = a || b ? 1 : 0
f = x -> x > 0 ? x : -x
g = c ? x -> x : y -> y
% expect: (= y (? (|| a b) 1 0))
% expect: (= f (lambda (x) (? (> x 0) x (neg x))))
% expect: (= g (? c (lambda (x) x) (lambda (y) y)))
