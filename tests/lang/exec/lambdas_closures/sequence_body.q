% A lambda body (e1; e2; e3) evaluates in order and returns the last value.
print_sum = (a, b) -> (s = a + b; print(s); s)
r = print_sum(2, 3)
print r * 10
% expect: 5
% expect: 50
