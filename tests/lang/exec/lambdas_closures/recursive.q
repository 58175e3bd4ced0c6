% A lambda assigned to a name may call itself by that name.
factorial = x -> x > 0 ? x * factorial(x - 1) : 1
print factorial(5), " ", factorial(0)
% expect: 120 1
