% A __kernel__ lambda with only pos reads x and writes y through its closure (spec 000 lambda form).
x = [1, 2, 3, 4, 5]
y = zeros(5)
parallel_do(size(x), __kernel__ (pos) -> y[pos] = 2 * x[pos] + x[pos - 1])
print y
% expect: [2,5,8,11,14]
