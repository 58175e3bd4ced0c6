% Elementwise operators on matrices.
A = [[1,2],[3,4]]
B = [[5,6],[7,8]]
print A .* B
print A + B
print B ./ A
print A - 1
% expect: [[5,12],[21,32]]
% expect: [[6,8],[10,12]]
% expect: [[5,3],[2.33333,2]]
% expect: [[0,1],[2,3]]
