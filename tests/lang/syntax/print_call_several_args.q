% run: dump
% pins: print called with parentheses around several arguments prints them as print arguments
print(a, b)
% expect: (print a b)
