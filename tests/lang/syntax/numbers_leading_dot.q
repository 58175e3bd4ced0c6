% run: dump
% pins: a number may start with a dot when no value precedes it: .5
a = .5
b = f(.25)
c = [.5, 1]
% expect: (= a 0.5)
% expect: (= b (call f 0.25))
% expect: (= c [0.5 1])
