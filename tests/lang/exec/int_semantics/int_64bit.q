% Host ints are 64-bit: no overflow past 2^31.
print 2147483647 + 1
print 100000 * 100000
print -2147483648 - 1
% expect: 2147483648
% expect: 10000000000
% expect: -2147483649
