% exp2 and log2.
print exp2(3), " ", exp2(0.5), " ", exp2(-1)
print log2(8), " ", log2(10)
% expect: 8 1.41421 0.5
% expect: 3 3.32193
