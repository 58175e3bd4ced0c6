% run: dump
% pins: a lambda with a variadic parameter
f = (...xs) -> sum(xs)
g = (a, ...rest : vec) -> a + sum(rest)
% expect: (= f (lambda (...xs) (call sum xs)))
% expect: (= g (lambda (a ...rest:vec) (+ a (call sum rest))))
