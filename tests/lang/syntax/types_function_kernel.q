% run: dump
% pins: a __kernel__ function type prints its kind like __device__
k : [__kernel__ (vec, int) -> ()]
% expect: (: k [__kernel__ (vec, int) -> ()])
