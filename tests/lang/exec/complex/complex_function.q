% complex(re, im) and complex(x) make complex values.
print complex(1, 2)
print complex(3)
print type(complex(3))
print complex(zeros(2))
% expect: 1+2j
% expect: 3+0j
% expect: cscalar
% expect: [0+0j,0+0j]
