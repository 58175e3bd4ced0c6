% run: dump
% pins: repeat ... until c prints repeat, the body, then until c
repeat
    x = x + 1
    continue
until x >= 10
% expect: repeat
% expect:   (= x (+ x 1))
% expect:   continue
% expect: until (>= x 10)
