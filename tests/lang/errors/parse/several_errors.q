% The parser recovers at statement boundaries: three bad statements, three errors.
% run: parse
% expect error: line 6: expected an expression, found '*'
% expect error: line 8: cannot assign to a call
% expect error: line 11: cannot assign to a binary operation
x = 3 +* 4
y = 1
f(y) = 2
z = [1, 2]
print z
a + b = c
