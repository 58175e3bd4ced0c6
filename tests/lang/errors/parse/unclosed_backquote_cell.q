% A backquote cell literal without its closing apostrophe names the line where it opened.
% run: parse
% expect error: line 5: to close '`' from line 4, found 'print'
c = `1, 2
print c
