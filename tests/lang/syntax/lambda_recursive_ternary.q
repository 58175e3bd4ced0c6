% run: dump
% pins: a lambda body holding a conditional: x -> x > 0 ? ... : 1
factorial = x -> x > 0 ? x * factorial(x - 1) : 1
absval = x -> x > 0 ? x : -x
% expect: (= factorial (lambda (x) (? (> x 0) (* x (call factorial (- x 1))) 1)))
% expect: (= absval (lambda (x) (? (> x 0) x (neg x))))
