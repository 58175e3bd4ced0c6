% + - * / on complex scalars.
a = 1+2j
b = 3-1j
print a + b
print a - b
print a * b
print a / b
% expect: 4+1j
% expect: -2+3j
% expect: 5+5j
% expect: 0.1+0.7j
