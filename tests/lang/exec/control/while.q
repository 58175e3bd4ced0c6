% while repeats while its condition holds.
n = 1
while n < 100
    n *= 2
endwhile
print n
% expect: 128
