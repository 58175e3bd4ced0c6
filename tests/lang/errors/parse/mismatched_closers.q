% A closing bracket of the wrong kind: the message names the bracket that is still open.
% run: parse
% expect error: line 5: expected ')' to close '(' from line 5, found ']'
% expect error: line 6: expected ']' to close '[' from line 6, found ')'
y = max(1, 2]
A = [1, 2)
