% run: dump
% pins: a function type with one parameter prints it without parentheses, even when written with them
f : [(scalar) -> scalar]
g : [__device__ scalar -> scalar]
h : [scalar -> (scalar, scalar)]
% expect: (: f [scalar -> scalar])
% expect: (: g [__device__ scalar -> scalar])
% expect: (: h [scalar -> (scalar, scalar)])
