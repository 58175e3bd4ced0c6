% A brace cell literal without its '}' names the line where it opened.
% run: parse
% expect error: line 5: expected '}' to close '{' from line 4, found 'print'
c = {1, 2
print c
