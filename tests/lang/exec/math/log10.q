% log10.
print log10(1000), " ", log10(2), " ", log10(1)
% expect: 3 0.30103 0
