% sqrt of a complex number with negative real part.
print sqrt(-4+0j)
% expect: 0+2j
