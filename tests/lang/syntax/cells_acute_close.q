% run: dump
% pins: the acute accent closes a backquote cell literal like the apostrophe
c = `1, 2´
d = `x, y´
% expect: (= c (cell 1 2))
% expect: (= d (cell x y))
