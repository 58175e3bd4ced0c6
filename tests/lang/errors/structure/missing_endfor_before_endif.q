% An 'endif' while a 'for' inside the 'if' is open: the 'for' is reported, the 'if' closes.
% run: parse
% expect error: line 8: expected 'endfor' (or 'end') to close 'for' from line 6, found 'endif'
x = 1
if x > 0
    for i = 1..3
        print i
endif
