% run: dump
% pins: a modifier-only type with a chain of modifiers: B : 'shared'unchecked = ...
B : 'shared'unchecked = zeros(3)
% expect: (= (: B 'shared'unchecked) (call zeros 3))
