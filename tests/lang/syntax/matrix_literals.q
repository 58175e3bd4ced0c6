% run: dump
% pins: matrix literals: row vector, empty, 2D, column
a = [1, 2]
b = []
c = [[1,2],[3,4]]
d = [[3],[4]]
% expect: (= a [1 2])
% expect: (= b [])
% expect: (= c [[1 2] [3 4]])
% expect: (= d [[3] [4]])
