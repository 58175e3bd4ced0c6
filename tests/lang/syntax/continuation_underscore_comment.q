% run: dump
% pins: '_' followed by blanks and a comment still continues the line
x = b _   % the rest follows
    + c
% expect: (= x (+ b c))
