% run: dump
% pins: matrix elements are expressions, and a matrix is an operand
a = [0, 1, 2, 3] + 4
b = [x+1, f(x), -y, 0..2]
c = [a, b] * 2
% expect: (= a (+ [0 1 2 3] 4))
% expect: (= b [(+ x 1) (call f x) (neg y) (.. 0 2)])
% expect: (= c (* [a b] 2))
