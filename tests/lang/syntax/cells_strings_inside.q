% run: dump
% pins: inside a backquote cell a single-quoted string after a comma is a string, and the next apostrophe closes the cell
c = `"a", 'b''
% expect: (= c (cell "a" "b"))
