% The overflow message should show the literal it is about.
% run: parse
% expect error: line 4: integer literal '8000000000000000h' does not fit in 64 bits
big = 8000000000000000h
