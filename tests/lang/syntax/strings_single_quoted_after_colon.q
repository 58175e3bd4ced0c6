% run: dump
% pins: a single-quoted word after the ':' of a conditional is a string, not a modifier
s = c ? 'yes' : 'no'
% expect: (= s (? c "yes" "no"))
