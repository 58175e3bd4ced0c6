% linspace(a, b, n) gives n uniformly spaced values from a to b.
print linspace(1, 2, 5)
print linspace(0, 1, 3)
print linspace(10, 0, 3)
print numel(linspace(0, 1, 11))
% expect: [1,1.25,1.5,1.75,2]
% expect: [0,0.5,1]
% expect: [10,5,0]
% expect: 11
