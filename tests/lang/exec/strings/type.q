% The type of a string is string.
print type("x")
print type(sprintf("%d", 3))
print type("a", "string")
% expect: string
% expect: string
% expect: 1
