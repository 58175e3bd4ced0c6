% Lambdas with typed parameters.
f = (x : int) -> x * 2
g = (a : scalar, b : scalar) -> a - b
print f(4), " ", g(5, 7)
% expect: 8 -2
