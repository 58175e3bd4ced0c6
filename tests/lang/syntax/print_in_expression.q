% run: dump
% pins: print called inside an expression is an ordinary call
f = x -> (print(x); x)
% expect: (= f (lambda (x) (seq (call print x) x)))
