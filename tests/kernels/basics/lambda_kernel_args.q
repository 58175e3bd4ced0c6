% A __kernel__ lambda taking arguments besides pos: the arguments are passed by parallel_do in order.
k = __kernel__ (a : vec, b : vec, s : scalar, pos : int) -> b[pos] = a[pos] * s
a = [1, 2, 3]
b = zeros(3)
parallel_do(3, a, b, 10, k)
print b
parallel_do(2, [7, 8], b, -1, k)
print b
% expect: [10,20,30]
% expect: [-7,-8,30]
