% run: dump
% pins: empty cell literals in both notations
e = `'
f = {}
% expect: (= e (cell))
% expect: (= f (cell))
