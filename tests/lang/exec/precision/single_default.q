% Without --double, scalar is single precision: 0.1 is the nearest float, eps is FLT_EPSILON,
% and 2^24 + 1 is not representable.
printf("%.10f\n", 0.1)
print eps
print 16777217.0 - 16777216.0
x = 1/3
printf("%.10f\n", x)
A = [0.1, 0.2]
printf("%.10f\n", A[0])
% expect: 0.1000000015
% expect: 1.19209e-07
% expect: 0
% expect: 0.3333333433
% expect: 0.1000000015
