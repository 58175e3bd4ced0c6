% run: dump
% pins: a declaration x : T, with and without an initial value
x : int
y : scalar = 1.5
z : vec = zeros(4)
% expect: (: x int)
% expect: (= (: y scalar) 1.5)
% expect: (= (: z vec) (call zeros 4))
