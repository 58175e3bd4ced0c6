% run: dump
% pins: the scalar and integer types
a : scalar
b : int
c : int8
d : int16
e : int32
f : int64
g : uint8
h : uint16
i : uint32
j : uint64
k : cscalar
% expect: (: a scalar)
% expect: (: b int)
% expect: (: c int8)
% expect: (: d int16)
% expect: (: e int32)
% expect: (: f int64)
% expect: (: g uint8)
% expect: (: h uint16)
% expect: (: i uint32)
% expect: (: j uint64)
% expect: (: k cscalar)
