% run: dump
% pins: the spread operator inside a matrix literal
v = [...a, 1]
w = [0, ...pos]
% expect: (= v [(... a) 1])
% expect: (= w [0 (... pos)])
