% An octal literal (suffix o) has only the digits 0 to 7.
% run: parse
% expect error: line 4: invalid digit '8' in octal literal
perm = 0758o
ok = 17o
