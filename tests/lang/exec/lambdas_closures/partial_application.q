% A lambda returning a lambda: w(4)(5), and z = w(10) as a partial application.
w = x -> y -> x + y
print w(4)(5)
z = w(10)
print z(5)
% expect: 9
% expect: 15
