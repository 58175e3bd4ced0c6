% 'endwhile' closing a 'for': one error naming the 'for' and its line.
% run: parse
% expect error: line 6: expected 'endfor' (or 'end') to close 'for' from line 4, found 'endwhile'
for i = 1..3
    print i
endwhile
