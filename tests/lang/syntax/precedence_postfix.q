% run: dump
% pins: calls, indexing and field access bind tighter than ^ and prefix signs
a = -v[1]
b = -f(x)^2
c = p.q^2
d = -p.q
e = 2^v[0]
% expect: (= a (neg (index v 1)))
% expect: (= b (neg (^ (call f x) 2)))
% expect: (= c (^ (. p q) 2))
% expect: (= d (neg (. p q)))
% expect: (= e (^ 2 (index v 0)))
