% %d with a non-integral scalar prints it in %e form (MATLAB); an integral one as an
% integer; %f with an int works.
printf("%d\n", 7.9)
printf("%d\n", -7.9)
printf("%f\n", 2)
printf("%.1f\n", 0.26)
% expect: 7.900000e+00
% expect: -7.900000e+00
% expect: 2.000000
% expect: 0.3
