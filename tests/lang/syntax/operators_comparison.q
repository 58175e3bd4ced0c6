% run: dump
% pins: the comparison operators == != < > <= >=
c1 = a == b
c2 = a != b
c3 = a < b
c4 = a > b
c5 = a <= b
c6 = a >= b
% expect: (= c1 (== a b))
% expect: (= c2 (!= a b))
% expect: (= c3 (< a b))
% expect: (= c4 (> a b))
% expect: (= c5 (<= a b))
% expect: (= c6 (>= a b))
