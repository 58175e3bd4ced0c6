% run: dump
% pins: a type made of modifiers only: B : 'shared = ...
B : 'shared = zeros(3)
C : mat'shared = zeros(3, 3)
% expect: (= (: B 'shared) (call zeros 3))
% expect: (= (: C mat'shared) (call zeros 3 3))
