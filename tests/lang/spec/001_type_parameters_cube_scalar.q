% spec: 001 "Type parameters" (language notes)
% repaired: nothing
% run: parse
% example: aliases are just aliases
a = cube[scalar](10)
assert(type(a, "cube")) % Successful
b = cube[int](10)
assert(type(b, "cube")) % Unsuccessful - compiler error
