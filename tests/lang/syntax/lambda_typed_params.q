% run: dump
% pins: lambda parameters with types and defaults, and the one-parameter form (x : int -> e)
f = (x : int, y = 2) -> x + y
g = (x : int -> 2*x)
h = (a : vec, b : scalar = 0.5) -> a * b
% expect: (= f (lambda (x:int y=2) (+ x y)))
% expect: (= g (lambda (x:int) (* 2 x)))
% expect: (= h (lambda (a:vec b:scalar=0.5) (* a b)))
