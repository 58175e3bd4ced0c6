% run: dump
% pins: reductions with a parameter list or one parameter: (reduction (params) pattern replacement)
reduction (x : mat, a : scalar) -> x + a = a + x
reduction x -> x + 0 = x
% expect: (reduction (x:mat a:scalar) (+ x a) (+ a x))
% expect: (reduction (x) (+ x 0) x)
