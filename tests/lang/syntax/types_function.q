% run: dump
% pins: function types: several parameters and results, __device__, variadic, curried, one parameter
f : [(mat, scalar) -> (mat, mat)]
g : [__device__ (T, T) -> T]
h : [...scalar -> scalar]
i : [int -> int -> int]
j : [int -> int]
% expect: (: f [(mat, scalar) -> (mat, mat)])
% expect: (: g [__device__ (T, T) -> T])
% expect: (: h [...scalar -> scalar])
% expect: (: i [int -> int -> int])
% expect: (: j [int -> int])
