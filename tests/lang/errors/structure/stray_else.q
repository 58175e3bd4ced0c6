% 'else' without an 'if'.
% run: parse
% expect error: line 5: 'else' without a matching 'if'
x = 1
else
    x = 2
