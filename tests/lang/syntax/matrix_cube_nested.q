% run: dump
% pins: three levels of nesting make a cube literal
a = [[[1,2],[3,4]],[[5,6],[7,8]]]
% expect: (= a [[[1 2] [3 4]] [[5 6] [7 8]]])
