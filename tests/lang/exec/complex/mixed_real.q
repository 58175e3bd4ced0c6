% A real operand mixes with a complex one.
a = 1+2j
print a + 0.5
print 2 * a
print a - 1
% expect: 1.5+2j
% expect: 2+4j
% expect: 0+2j
