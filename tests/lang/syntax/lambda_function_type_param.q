% run: dump
% pins: a lambda parameter typed with a function type
apply = (f : [scalar -> scalar], x : scalar) -> f(x)
% expect: (= apply (lambda (f:[scalar -> scalar] x:scalar) (call f x)))
