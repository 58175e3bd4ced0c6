% run: dump
% pins: a class type with typed fields: the header, then one indented line per field
type point : class
    x : scalar
    y : scalar
endtype
% expect: type point : class
% expect:   x : scalar
% expect:   y : scalar
