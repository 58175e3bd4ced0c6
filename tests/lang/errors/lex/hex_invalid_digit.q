% A hexadecimal literal with a non-hex digit: the error should name the bad digit.
% run: parse
% expect error: line 4: invalid digit 'G' in hexadecimal literal
color = 0FFG0h
