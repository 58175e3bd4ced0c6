% run: dump
% pins: a generic class type p[T] : class whose fields use T
type pair[T] : class
    first : T
    second : vec[T]
endtype
% expect: type pair[T] : class
% expect:   first : T
% expect:   second : vec[T]
