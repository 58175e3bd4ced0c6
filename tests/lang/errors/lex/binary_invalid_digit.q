% A binary literal (suffix b) has only the digits 0 and 1; the first bad digit is named.
% run: parse
% expect error: line 5: invalid digit '2' in binary literal
% expect error: line 6: invalid digit '9' in binary literal
mask = 1021b
bits = 1019b
ok = 1011b
