% 64-bit host ints wrap around on overflow (two's complement), without undefined behaviour.
big = 9223372036854775807
print big + 1 == -big - 1, " ", big * 2
% expect: 1 -2
