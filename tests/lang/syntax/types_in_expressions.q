% run: dump
% pins: modifiers applied in expressions: x'sat on a name, (' e mod) otherwise, and a type as an argument
y = x'sat + 1
z = (a + b)'sat
w = cast(x, scalar'half)
v = f(x'unchecked)
% expect: (= y (+ x'sat 1))
% expect: (= z (' (+ a b) sat))
% expect: (= w (call cast x scalar'half))
% expect: (= v (call f x'unchecked))
