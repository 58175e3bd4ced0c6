% run: dump
% pins: '_' followed by ',' or ']' is the placeholder, not a line continuation
[a, _] = f(x)
[_ , b] = f(x)
% expect: (= [a _] (call f x))
% expect: (= [_ b] (call f x))
