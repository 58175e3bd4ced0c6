% Curried lambdas three levels deep.
f = x -> y -> z -> x * 100 + y * 10 + z
print f(1)(2)(3)
% expect: 123
