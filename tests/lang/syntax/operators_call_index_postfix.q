% run: dump
% pins: calls, indexing and their chains: f(), w(4)(5), A[0,1][1], f(x)[1].y
f()
g(a, b)
z = w(4)(5)
A[0,1][1] = ones(3,3)
A[0,1][1][0,0] = 2
v = f(x)[1].y
% expect: (call f)
% expect: (call g a b)
% expect: (= z (call (call w 4) 5))
% expect: (= (index (index A 0 1) 1) (call ones 3 3))
% expect: (= (index (index (index A 0 1) 1) 0 0) 2)
% expect: (= v (. (index (call f x) 1) y))
