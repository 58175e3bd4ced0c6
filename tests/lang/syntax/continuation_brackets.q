% run: dump
% pins: a newline inside open '(', '[' or '{' does not end the statement
a = [[1,2],
     [2,1]]
y = f(1,
      2)
z = (a
     + b)
c = {1,
     2}
% expect: (= a [[1 2] [2 1]])
% expect: (= y (call f 1 2))
% expect: (= z (+ a b))
% expect: (= c (cell 1 2))
