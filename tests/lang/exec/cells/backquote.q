% A backquote literal `a, b, c' makes a cell.
c = `1, [1,2], "abc"'
print c[2], " ", c[1]
print numel(c)
% expect: abc [1,2]
% expect: 3
