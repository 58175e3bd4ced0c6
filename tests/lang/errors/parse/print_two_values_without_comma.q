% print takes values separated by commas.
% run: parse
% expect error: line 5: expected end of statement, found 'x'
x = 1
print x x
