% The MATLAB spelling {a, b, c} makes a cell too.
d = {1, "x", [2,3]}
print d[1]
print d
% expect: x
% expect: {1,x,[2,3]}
