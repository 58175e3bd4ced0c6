% log(0) is -inf; exp(-inf) is 0; log of a negative number is NaN.
print log(0)
print exp(-inf)
print isnan(log(-1))
% expect: -inf
% expect: 0
% expect: 1
