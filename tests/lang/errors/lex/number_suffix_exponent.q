% An exponent letter needs digits after it: 1e and 1.5E are numbers with a bad suffix.
% run: parse
% expect error: line 5: invalid suffix 'e' on number
% expect error: line 6: invalid suffix 'E' on number
b = 1e
d = 1.5E
