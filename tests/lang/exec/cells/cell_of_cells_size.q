% size and numel of nested cells.
D = {cell(2), cell(3), cell(2,2)}
print numel(D), " ", size(D[1]), " ", size(D[2])
% expect: 3 [3] [2,2]
