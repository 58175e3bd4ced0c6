% periodize(x, N) maps k + a*N (0 <= k < N) to k.
print periodize(-1, 3), " ", periodize(7, 3), " ", periodize(2, 3), " ", periodize(-3, 3)
% expect: 2 1 2 0
