% run: dump
% pins: a lambda body is assignment-level: x -> y = x, and an exchange
f = x -> y = x
g = (a) -> a[0] <- 1
% expect: (= f (lambda (x) (= y x)))
% expect: (= g (lambda (a) (<- (index a 0) 1)))
