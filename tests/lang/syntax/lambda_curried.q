% run: dump
% pins: a lambda returning a lambda (right-associative ->) and its curried call
w = x -> y -> x + y
f = (a) -> (b) -> (c) -> a * b * c
z = w(10)
print w(4)(5)
% expect: (= w (lambda (x) (lambda (y) (+ x y))))
% expect: (= f (lambda (a) (lambda (b) (lambda (c) (* (* a b) c)))))
% expect: (= z (call w 10))
% expect: (print (call (call w 4) 5))
