% A lambda that builds lambdas with different captured values.
adder = n -> (x -> x + n)
add5 = adder(5)
add7 = adder(7)
print add5(1), " ", add7(1)
% expect: 6 8
