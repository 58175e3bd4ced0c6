% printf prints no newline by itself.
printf("a")
printf("b")
printf("\n")
printf("c\n")
% expect: ab
% expect: c
