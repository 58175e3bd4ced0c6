% An unclosed '[' of a matrix literal names the line where it opened.
% run: parse
% expect error: line 5: expected ']' to close '[' from line 4, found 'print'
A = [1, 2, 3
print A
