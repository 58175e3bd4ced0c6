% spec: 001 "Type parameters" (language notes)
% repaired: nothing
% run: exec
% example: the ?? element type
b = cube[int](10)
assert(type(b, "cube[??]")) % Successful
