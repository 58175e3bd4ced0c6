% complex(zeros(n)) is a complex vector of zeros.
c = complex(zeros(3))
print c
print type(c)
% expect: [0+0j,0+0j,0+0j]
% expect: cvec
