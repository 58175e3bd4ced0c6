% run: dump
% pins: the remaining atomic compound operators &= |= ~= ^^= (max) __= (min), on element targets
y[pos] &= m
y[pos] |= m
y[pos] ~= m
y[pos] ^^= v
y[pos] __= v
total += x[pos]
% expect: (&= (index y pos) m)
% expect: (|= (index y pos) m)
% expect: (~= (index y pos) m)
% expect: (^^= (index y pos) v)
% expect: (__= (index y pos) v)
% expect: (+= total (index x pos))
