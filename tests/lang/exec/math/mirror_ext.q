% mirror_ext(x, N) mirrors a coordinate into [0, N-1] (boundary sample repeated).
print mirror_ext(1, 3), " ", mirror_ext(-1, 3), " ", mirror_ext(3, 3), " ", mirror_ext(-2, 3)
% expect: 1 0 2 1
