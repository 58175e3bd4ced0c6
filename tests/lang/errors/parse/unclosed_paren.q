% An unclosed '(' swallows the next line; the error is where the ')' was missed and names
% the line where '(' opened.
% run: parse
% expect error: line 6: expected ')' to close '(' from line 5, found 'z'
y = max(1, 2
z = 3
