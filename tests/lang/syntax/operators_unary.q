% run: dump
% pins: prefix minus and plus print as neg and pos, also after a binary operator
a = -x
b = +x
c = - -x
d = y * -x
e = y - -x
f = -x * -y
% expect: (= a (neg x))
% expect: (= b (pos x))
% expect: (= c (neg (neg x)))
% expect: (= d (* y (neg x)))
% expect: (= e (- y (neg x)))
% expect: (= f (* (neg x) (neg y)))
