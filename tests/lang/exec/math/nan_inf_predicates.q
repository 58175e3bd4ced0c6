% isnan, isinf, isfinite on scalars and vectors.
print isnan(nan), isnan(1), isinf(inf), isinf(-inf), isinf(1)
print isfinite(1), isfinite(inf), isfinite(nan)
print isnan([1, 0/0, 3])
% expect: 10110
% expect: 100
% expect: [0,1,0]
