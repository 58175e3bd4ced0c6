% run: dump
% pins: a type annotation as a call argument: f(x : int)
y = f(x : int)
z = g(a, b : vec[int8])
% expect: (= y (call f (: x int)))
% expect: (= z (call g a (: b vec[int8])))
