% spec: 001 "Type parameters" (language notes)
% repaired: nothing
% run: exec
% example: aliases are just aliases
a = cube[scalar](10)
assert(type(a, "cube")) % Successful
b = cube[int](10)
assert(type(b, "cube")) % Unsuccessful - compiler error
% expect error: line 8: assertion failed: type(b, "cube")
