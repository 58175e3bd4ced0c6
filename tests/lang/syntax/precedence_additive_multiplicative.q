% run: dump
% pins: * / bind tighter than + -, both left-associative
a = x + y * z
b = x * y + z
c = x - y - z
d = x / y / z
e = x - y * z / w + v
% expect: (= a (+ x (* y z)))
% expect: (= b (+ (* x y) z))
% expect: (= c (- (- x y) z))
% expect: (= d (/ (/ x y) z))
% expect: (= e (+ (- x (/ (* y z) w)) v))
