% run: dump
% pins: a function type with no results: [(cube) -> ()] as the dump doc lists it
f : [(cube) -> ()]
% expect: (: f [cube -> ()])
