% run: dump
% pins: '_' at a line break inside a matrix literal
a = [[1,2], _
     [2,1]]
% expect: (= a [[1 2] [2 1]])
