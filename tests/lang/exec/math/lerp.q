% lerp(a, b, d) = a + (b - a) * d, also on vectors.
print lerp(2, 4, 0.25), " ", lerp(0, 10, 1), " ", lerp(0, 10, 0)
print lerp([0,0], [10,20], 0.5)
% expect: 2.5 10 0
% expect: [5,10]
