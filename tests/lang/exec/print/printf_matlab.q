% printf/sprintf follow MATLAB where Quasar is silent (docs/runtime.md "printf and
% sprintf"): the format repeats over the arguments, arrays give their elements in
% storage order (row-major: Quasar's order, not MATLAB's column-major), output stops
% just before the first conversion that has no data left.
print sprintf("%d,", [[1, 2], [3, 4]])
% expect: 1,2,3,4,
print sprintf("[%d %d]", [1, 2, 3])
% expect: [1 2][3 
print sprintf("%d:%s;", 1, "a", 2, "b")
% expect: 1:a;2:b;
% %d of an integral scalar is an integer, of any other number %e (MATLAB); width stays.
print sprintf("%d|%d|%5d|%i", 3.0, 2.5, -0.25, 1e10)
% expect: 3|2.500000e+00|-2.500000e-01|10000000000
print sprintf("%x|%o|%u", 255, 8, 0.5)
% expect: ff|10|5.000000e-01
% %c takes a character code, %s prints a number as print shows it (Quasar strings are
% not character arrays, so MATLAB's code-to-character reading of %s is not taken).
print sprintf("%c%c|%s|%s", 72, 105, 65, 2.5)
% expect: Hi|65|2.5
% Escapes and %% are read in the format only.
printf("a\tb\\c 100%%\n")
% expect: a	b\c 100%
% A format without conversions prints once whatever the arguments.
printf("plain\n", 1, 2)
% expect: plain
