% run: dump
% pins: a lambda as a call argument ends at the next comma or ')'
m = map(x -> x + 1, v)
parallel_do(size(y), y, __kernel__ (y : vec, pos : int) -> y[pos] = 1)
% expect: (= m (call map (lambda (x) (+ x 1)) v))
% expect: (call parallel_do (call size y) y (lambda __kernel__ (y:vec pos:int) (= (index y pos) 1)))
