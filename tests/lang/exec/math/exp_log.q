% exp and the natural logarithm.
print exp(0), " ", exp(1), " ", exp(-1)
print log(1), " ", log(10), " ", log(0.5)
print log(exp(2))
% expect: 1 2.71828 0.367879
% expect: 0 2.30259 -0.693147
% expect: 2
