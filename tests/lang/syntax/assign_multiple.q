% run: dump
% pins: multiple assignment [a, b] = ... and swapping
[a, b] = [1, 2]
[a, b] = [b, a]
[u, v] = compute(2, 3)
% expect: (= [a b] [1 2])
% expect: (= [a b] [b a])
% expect: (= [u v] (call compute 2 3))
