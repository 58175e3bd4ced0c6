% %d with a scalar truncates it to an integer; %f with an int works.
printf("%d\n", 7.9)
printf("%d\n", -7.9)
printf("%f\n", 2)
printf("%.1f\n", 0.26)
% expect: 7
% expect: -7
% expect: 2.000000
% expect: 0.3
