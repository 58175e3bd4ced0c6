% Bitwise functions and, or, xor, not, shl, shr (there are no bitwise operators).
print and(12, 10), " ", or(12, 10), " ", xor(12, 10)
print not(0), " ", not(5)
print shl(1, 4), " ", shr(256, 4)
% expect: 8 14 6
% expect: -1 -6
% expect: 16 16
