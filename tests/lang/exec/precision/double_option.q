% With --double, scalar is double precision: more digits survive and eps is DBL_EPSILON.
% options: --double
printf("%.12f\n", 0.1)
print eps
x = 1/3
printf("%.15f\n", x)
print 16777217.0 - 16777216.0
A = [0.1, 0.2]
printf("%.12f\n", A[0])
print type(A)
% expect: 0.100000000000
% expect: 2.22045e-16
% expect: 0.333333333333333
% expect: 1
% expect: 0.100000000000
% expect: vec
