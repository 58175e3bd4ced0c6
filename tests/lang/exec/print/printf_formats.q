% printf takes C format specifiers: %d %i %u %x %s %c %g %e %f, flags, width and precision.
printf("%d|%i|%u\n", 42, -7, 7)
printf("%x\n", 255)
printf("%5.2f|%-6s|%03d\n", 3.14159, "ab", 7)
printf("%e\n", 12345.678)
printf("%g %g\n", 0.5, 100000)
printf("%s=%c\n", "k", 65)
printf("100%%\n")
% expect: 42|-7|7
% expect: ff
% expect:  3.14|ab    |007
% expect: 1.234568e+04
% expect: 0.5 100000
% expect: k=A
% expect: 100%
