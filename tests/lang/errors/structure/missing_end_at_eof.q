% A block still open at the end of the file: the error is at the end-of-file position (the
% line after the last one) and names the line of the 'for'.
% run: parse
% expect error: line 6: expected 'endfor' (or 'end') to close 'for' from line 5, found end of file
for i = 1..3
    print i
