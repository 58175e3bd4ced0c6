% A double-quoted string must end on its own line.
% run: parse
% expect error: line 4: unterminated string
s = "hello
print s
