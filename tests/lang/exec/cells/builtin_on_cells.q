% Built-in functions apply to each element of a cell: max(B, 4).
B = `[1,5], 7'
print max(B, 4)
% expect: {[4,5],7}
