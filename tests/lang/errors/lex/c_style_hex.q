% Quasar writes hexadecimal as 1Fh, not 0x1F: the 'x1F' after the 0 is a bad suffix.
% run: parse
% expect error: line 4: invalid suffix 'x1F' on number
x = 0x1F
