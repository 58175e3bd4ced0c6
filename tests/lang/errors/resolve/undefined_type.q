% A class used as a constructor must be defined (or imported).
% run: check
% expect error: line 4: 'point' is not defined
p = point(1, 2)
