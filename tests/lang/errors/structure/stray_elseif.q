% 'elseif' without an 'if'.
% run: parse
% expect error: line 5: 'elseif' without a matching 'if'
x = 1
elseif x > 0
