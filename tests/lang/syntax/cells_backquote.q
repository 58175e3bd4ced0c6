% run: dump
% pins: a cell literal opened by a backquote and closed by an apostrophe
c = `a, b'
d = `1, "s", [1, 2]'
% expect: (= c (cell a b))
% expect: (= d (cell 1 "s" [1 2]))
