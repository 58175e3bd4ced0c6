% spec: 001 "Type inference" (language notes)
% repaired: nothing
% run: exec
% example: the ?? type
assert(type(1i+1, '??'))
assert(type([1,2,3], '??'))
