% run: dump
% pins: mutable and dynamic classes, a pointer field
type node : mutable class
    value : scalar
    next : ^node
endtype
type bag : dynamic class
    name : string
endtype
% expect: type node : mutable class
% expect:   value : scalar
% expect:   next : ^node
% expect: type bag : dynamic class
% expect:   name : string
