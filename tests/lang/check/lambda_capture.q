% Lambdas capture top-level variables and take typed and untyped parameters.
% run: check
offset = 3
f = x -> x + offset
g = (a, b) -> a * b + offset
h = (x : scalar) -> f(x) + g(x, 2)
add = a -> b -> a + b
print h(1), add(1)(2)
