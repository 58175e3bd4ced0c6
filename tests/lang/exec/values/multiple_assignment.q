% [a, b] = [1, 2] assigns several variables at once, and [a, b] = [b, a] swaps them.
[a, b] = [1, 2]
print a, " ", b
[a, b] = [b, a]
print a, " ", b
% expect: 1 2
% expect: 2 1
