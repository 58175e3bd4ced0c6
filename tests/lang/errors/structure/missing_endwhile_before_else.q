% An 'else' of the enclosing 'if' exposes the missing 'endwhile'.
% run: parse
% expect error: line 8: expected 'endwhile' (or 'end') to close 'while' from line 6, found 'else'
n = 3
if n > 0
    while n > 0
        n = n - 1
else
    n = 0
endif
