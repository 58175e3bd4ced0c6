% A class type still open at the end of the file.
% run: parse
% expect error: line 6: expected 'endtype' (or 'end') to close 'type' from line 4, found end of file
type point : class
    x : scalar
    y : scalar
