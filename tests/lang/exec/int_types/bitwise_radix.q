% Bitwise functions on binary and hexadecimal literals.
print and(0FFh, 0Fh), " ", or(1011b, 0100b), " ", shl(1, 10)
% expect: 15 15 1024
