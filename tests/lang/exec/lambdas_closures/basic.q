% Lambdas with one and two parameters.
v = (x,y) -> 2*x+y
u = x -> 2*x
print v(1,2), " ", u(3)
% expect: 4 6
