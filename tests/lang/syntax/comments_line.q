% run: dump
% pins: `%` starts a comment that runs to the end of the line, on its own line or after code
% a whole line of comment
a = 1 % after code
% b = 2 is commented out
c = [1, % inside a bracket
     2]
% expect: (= a 1)
% expect: (= c [1 2])
