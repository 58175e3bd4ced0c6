% clamp(x, N) clamps to [0, N].
print clamp(5, 3), " ", clamp(-2, 3), " ", clamp(2, 3), " ", clamp(3, 3)
% expect: 3 0 2 3
