% '.' is followed by a field name.
% run: parse
% expect error: line 5: expected a field name after '.', found a number
% expect error: line 6: expected a field name after '.', found end of line
v = s.1
w = s.
