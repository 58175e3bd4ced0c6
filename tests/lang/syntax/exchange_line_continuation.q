% run: dump
% pins: a line ending in '<-' continues; '<-' followed by a letter compares
a[0] <-
    v
b = a <-c
% expect: (<- (index a 0) v)
% expect: (= b (< a (neg c)))
