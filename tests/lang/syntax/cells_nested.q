% run: dump
% pins: cell literals nested in cell literals, in both notations
c = `a, `b, c''
d = {1, {2, 3}}
e = `A[0], {x}'
% expect: (= c (cell a (cell b c)))
% expect: (= d (cell 1 (cell 2 3)))
% expect: (= e (cell (index A 0) (cell x)))
