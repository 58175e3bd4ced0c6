% run: dump
% pins: typed targets in multiple assignment: [A : ccube, B : vec] = ...
[A : ccube, B : vec] = f(x)
[n : int, _] = g()
% expect: (= [(: A ccube) (: B vec)] (call f x))
% expect: (= [(: n int) _] (call g))
