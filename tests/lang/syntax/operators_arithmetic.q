% run: dump
% pins: the binary arithmetic operators + - * / ^ .* ./ .^ print as written
y1 = a + b
y2 = a - b
y3 = a * b
y4 = a / b
y5 = a ^ b
y6 = a .* b
y7 = a ./ b
y8 = a .^ b
% expect: (= y1 (+ a b))
% expect: (= y2 (- a b))
% expect: (= y3 (* a b))
% expect: (= y4 (/ a b))
% expect: (= y5 (^ a b))
% expect: (= y6 (.* a b))
% expect: (= y7 (./ a b))
% expect: (= y8 (.^ a b))
