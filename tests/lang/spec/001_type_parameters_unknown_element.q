% spec: 001 "Type parameters" (language notes)
% repaired: nothing
% run: parse
% example: the ?? element type
b = cube[int](10)
assert(type(b, "cube[??]")) % Successful
